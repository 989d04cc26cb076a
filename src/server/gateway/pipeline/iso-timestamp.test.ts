import { describe, expect, it } from "vitest";
import { isoTimestamp } from "./iso-timestamp.ts";

describe("isoTimestamp", () => {
  it("gives what toISOString gives, within a second, across seconds and far from now", () => {
    const base = Date.UTC(2026, 10, 22, 1, 41, 34, 0);
    const times = [
      // Every millisecond of one second, then the next second's first ones (the cache must move on).
      ...Array.from({ length: 1005 }, (_, index) => base + index),
      // Back to an earlier second, and out to before 1970 and past year 9999.
      base - 1,
      Date.UTC(1969, 11, 31, 23, 59, 59, 999),
      Date.UTC(1969, 11, 31, 23, 59, 59, 7),
      Date.UTC(10_000, 0, 1, 0, 0, 0, 42),
    ];
    for (const time of times) expect(isoTimestamp(new Date(time))).toBe(new Date(time).toISOString());
  });
});
