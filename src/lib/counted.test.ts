import { describe, expect, it } from "vitest";
import { counted } from "./counted.ts";

describe("counted", () => {
  it("uses the singular for exactly one and the plural otherwise", () => {
    expect(counted(1, "request")).toBe("1 request");
    expect(counted(0, "request")).toBe("0 requests");
    expect(counted(2, "error")).toBe("2 errors");
  });

  it("formats the number as asked", () => {
    expect(counted(12345, "request", new Intl.NumberFormat("en-US").format)).toBe("12,345 requests");
  });
});
