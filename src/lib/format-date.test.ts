import { describe, expect, it } from "vitest";
import { formatDate, formatRelative } from "./format-date.ts";

describe("date formatting", () => {
  it("formats absolute dates the same everywhere", () => {
    expect(formatDate("2026-11-21T23:30:00Z")).toBe("21 Nov 2026");
  });

  it("says how long ago something happened", () => {
    const now = Date.parse("2026-11-21T12:00:00Z");
    expect(formatRelative(new Date(now - 5_000), now)).toBe("just now");
    expect(formatRelative(new Date(now - 3 * 60_000), now)).toBe("3 minutes ago");
    expect(formatRelative(new Date(now - 86_400_000), now)).toBe("yesterday");
    expect(formatRelative(new Date(now + 2 * 3_600_000), now)).toBe("in 2 hours");
  });
});
