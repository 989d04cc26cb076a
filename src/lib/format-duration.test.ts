import { describe, expect, it } from "vitest";
import { formatDuration } from "./format-duration.ts";

describe("call durations", () => {
  it("shows sub-millisecond calls as what they took, never 0 ms", () => {
    expect(formatDuration(0)).toBe("< 0.1 ms");
    expect(formatDuration(0.04)).toBe("< 0.1 ms");
    expect(formatDuration(0.4)).toBe("0.4 ms");
    expect(formatDuration(2.25)).toBe("2.3 ms");
  });

  it("drops decimals where they say nothing", () => {
    expect(formatDuration(12.4)).toBe("12 ms");
    expect(formatDuration(999)).toBe("999 ms");
    expect(formatDuration(1530)).toBe("1.5 s");
  });
});
