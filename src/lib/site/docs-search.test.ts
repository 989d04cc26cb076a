import { describe, expect, it } from "vitest";
import { clientReferences } from "../client-setup/references.ts";
import { parseDocsSearch } from "./docs-search.ts";

describe("/docs search parameters", () => {
  it("accepts each of the 13 client references of SPEC §3", () => {
    expect(clientReferences).toHaveLength(13);
    for (const ref of clientReferences) expect(parseDocsSearch({ ref })).toEqual({ ref });
  });

  it("treats a missing or empty ref as the docs index", () => {
    expect(parseDocsSearch({})).toEqual({});
    expect(parseDocsSearch({ ref: "  " })).toEqual({});
  });

  it("rejects anything else, keeping the value to show", () => {
    expect(parseDocsSearch({ ref: "vscode" })).toEqual({ invalidRef: "vscode" });
    expect(parseDocsSearch({ ref: "Claude-Code" })).toEqual({ invalidRef: "Claude-Code" });
    expect(parseDocsSearch({ ref: "x".repeat(500) }).invalidRef).toHaveLength(100);
  });

  it("takes the first value of a repeated ref", () => {
    expect(parseDocsSearch({ ref: ["cursor", "n8n"] })).toEqual({ ref: "cursor" });
  });
});
