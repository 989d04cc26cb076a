import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatDay, formatRelative, formatUtc } from "./format-date.ts";
import { validTimeZone } from "./time-zone.ts";

describe("date formatting", () => {
  it("formats absolute dates the same everywhere", () => {
    expect(formatDate("2026-11-21T23:30:00Z")).toBe("21 Nov 2026");
  });

  it("shows a moment in the person's zone, and the exact UTC time for the hover", () => {
    const moment = "2026-11-28T07:02:55Z";
    expect(formatDateTime(moment, "Europe/Prague")).toBe("28 Nov 2026, 08:02");
    expect(formatDateTime(moment, "America/New_York")).toBe("28 Nov 2026, 02:02");
    expect(formatDateTime(moment)).toBe("28 Nov 2026, 07:02");
    expect(formatUtc(moment)).toBe("28 Nov 2026, 07:02:55 UTC");
    // The date itself moves with the zone: late evening in New York is the next day in UTC.
    expect(formatDate("2026-11-22T02:30:00Z", "America/New_York")).toBe("21 Nov 2026");
    expect(formatDay("2026-11-01")).toBe("1 Nov");
  });

  it("takes only a real IANA zone from the cookie", () => {
    expect(validTimeZone("Europe/Prague")).toBe("Europe/Prague");
    expect(validTimeZone("Mars/Olympus")).toBeNull();
    expect(validTimeZone("")).toBeNull();
    expect(validTimeZone("x".repeat(100))).toBeNull();
  });

  it("says how long ago something happened", () => {
    const now = Date.parse("2026-11-21T12:00:00Z");
    expect(formatRelative(new Date(now - 5_000), now)).toBe("just now");
    expect(formatRelative(new Date(now - 3 * 60_000), now)).toBe("3 minutes ago");
    expect(formatRelative(new Date(now - 86_400_000), now)).toBe("yesterday");
    expect(formatRelative(new Date(now + 2 * 3_600_000), now)).toBe("in 2 hours");
  });
});
