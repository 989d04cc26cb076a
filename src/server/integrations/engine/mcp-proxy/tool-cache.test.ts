import { describe, expect, it } from "vitest";
import { ToolCache } from "./tool-cache.ts";

describe("ToolCache", () => {
  it("keeps a value within its lifetime, and reads again for a caller that needs one fetched after a moment", async () => {
    const cache = new ToolCache<number>(60_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("org:conn:exa", "fp", load)).toBe(1);
    expect(await cache.get("org:conn:exa", "fp", load)).toBe(1);
    // A pin was written after the list was fetched: that list may be stale for the comparison.
    expect(await cache.get("org:conn:exa", "fp", load, Date.now() + 1)).toBe(2);
    // The new list was fetched after that moment, so it is kept for everyone.
    const fetchedBefore = Date.now() - 1_000;
    expect(await cache.get("org:conn:exa", "fp", load, fetchedBefore)).toBe(2);
    expect(await cache.get("org:conn:exa", "fp", load)).toBe(2);
    expect(await cache.get("org:conn:exa", "other-key", load)).toBe(3);
  });
});
