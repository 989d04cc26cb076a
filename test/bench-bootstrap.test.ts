// The paired observability bench (BENCH_OBSERVABILITY=compare) reports a median ratio and its bootstrap
// confidence interval; the acceptance figure of issue 30 is read from them.
import { describe, expect, it } from "vitest";
import { bootstrapMedianCi, median } from "../bench/support/bootstrap.ts";

describe("bench bootstrap", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it("gives the same interval for the same windows, and a point for identical ones", () => {
    const windows = [1.02, 0.97, 1.1, 0.91, 1.05, 1.0, 0.99, 1.08, 0.95, 1.03];
    expect(bootstrapMedianCi(windows)).toEqual(bootstrapMedianCi(windows));
    expect(bootstrapMedianCi([1.07, 1.07, 1.07])).toEqual([1.07, 1.07]);
  });

  it("brackets the median, and narrows as windows are added", () => {
    // A spread of ±20 % around 1.1, as one window's on/off ratio moves on a busy machine.
    const spread = (count: number) =>
      Array.from({ length: count }, (_, index) => 0.9 + (0.4 * index) / (count - 1));
    const [low32, high32] = bootstrapMedianCi(spread(32));
    expect(low32).toBeLessThan(1.1);
    expect(high32).toBeGreaterThan(1.1);
    const [low128, high128] = bootstrapMedianCi(spread(128));
    expect(high128 - low128).toBeLessThan((high32 - low32) * 0.75);
  });
});
