// The catalogue's standard-tool entries present exactly the gateway's built-in tools: a tool added to
// or renamed in the gateway fails here until the public catalogue shows it.
import { describe, expect, it } from "vitest";
import { standardTools as catalogueEntries } from "../../lib/integrations/standard-tools.ts";
import { standardToolNames } from "../gateway/catalogue/standard-tools/index.ts";

describe("standard tools in the catalogue", () => {
  it("cover every gateway standard tool, and nothing else", () => {
    expect(catalogueEntries.flatMap((entry) => entry.tools).sort()).toEqual([...standardToolNames].sort());
  });
});
