import { describe, expect, it } from "vitest";
import { clientReferences } from "../client-setup/references.ts";
import { parseDocsSearch, resolveDocsRef } from "./docs-search.ts";

const resolve = (search: Record<string, unknown>) => resolveDocsRef(parseDocsSearch(search));

describe("/docs search parameters", () => {
  it("accepts each of the 13 client references of requirements §3", () => {
    expect(clientReferences).toHaveLength(13);
    for (const ref of clientReferences) expect(resolve({ ref })).toEqual({ kind: "guide", reference: ref });
  });

  it("treats a missing or empty ref as the docs index", () => {
    expect(resolve({})).toEqual({ kind: "index" });
    expect(resolve({ ref: "  " })).toEqual({ kind: "index" });
    expect(parseDocsSearch({ ref: "" })).toEqual({});
  });

  it("rejects anything else, keeping the value to show", () => {
    expect(resolve({ ref: "vscode" })).toEqual({ kind: "invalid", value: "vscode" });
    expect(resolve({ ref: "Claude-Code" })).toEqual({ kind: "invalid", value: "Claude-Code" });
    expect(parseDocsSearch({ ref: "x".repeat(500) }).ref).toHaveLength(100);
  });

  it("keeps ref under its own name, so the URL round-trips", () => {
    expect(parseDocsSearch({ ref: "notepad" })).toEqual({ ref: "notepad" });
  });

  it("takes the first value of a repeated ref", () => {
    expect(resolve({ ref: ["cursor", "n8n"] })).toEqual({ kind: "guide", reference: "cursor" });
  });
});
