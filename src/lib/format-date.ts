// Dates as people read them, one format for the whole app (issue 43): "28 Nov 2026" and
// "28 Nov 2026, 08:02" in the person's own time zone, with the exact UTC time for a hover
// ("28 Nov 2026, 07:02:55 UTC"). The zone comes from components/ui/date-time.tsx (a cookie the browser
// sets, so the server renders the same text the browser would); these functions only format.
// Relative times are computed against "now" and may shift by a second after hydration, which their
// <time> elements tolerate (suppressHydrationWarning).
import { UTC } from "./time-zone.ts";

const formats = new Map<string, Intl.DateTimeFormat>();

function format(kind: "date" | "dateTime" | "utc" | "day", timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let found = formats.get(key);
  if (!found) {
    const time = kind === "dateTime" || kind === "utc";
    found = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "short",
      year: kind === "day" ? undefined : "numeric",
      hour: time ? "2-digit" : undefined,
      minute: time ? "2-digit" : undefined,
      second: kind === "utc" ? "2-digit" : undefined,
      hourCycle: "h23",
      timeZone,
    });
    formats.set(key, found);
  }
  return found;
}

/** "28 Nov 2026" in `timeZone`. */
export function formatDate(value: Date | string, timeZone = UTC): string {
  return format("date", timeZone).format(new Date(value));
}

/** "28 Nov 2026, 08:02" in `timeZone`. */
export function formatDateTime(value: Date | string, timeZone = UTC): string {
  return format("dateTime", timeZone).format(new Date(value));
}

/** "28 Nov 2026, 07:02:55 UTC": the exact moment, shown on hover beside a local time. */
export function formatUtc(value: Date | string): string {
  return `${format("utc", UTC).format(new Date(value))} UTC`;
}

/** A calendar day "2026-11-01" (counted in UTC by the server) as "1 Nov": a day, not a moment. */
export function formatDay(day: string): string {
  return format("day", UTC).format(new Date(`${day}T00:00:00Z`));
}

const relativeFormat = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["week", 7 * 86_400],
  ["day", 86_400],
  ["hour", 3600],
  ["minute", 60],
];

/** "3 minutes ago", "yesterday", "just now". */
export function formatRelative(value: Date | string, now = Date.now()): string {
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return "just now";
}
