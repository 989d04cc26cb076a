// Time zone arithmetic on top of Intl (no tz database of our own): offsets of an instant in a zone,
// and the instant a wall-clock time in a zone denotes.
import { ToolInputError } from "./define-tool.ts";

export function assertTimeZone(timeZone: string): string {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone }).resolvedOptions().timeZone;
  } catch {
    throw new ToolInputError(
      `Unknown time zone "${timeZone}". Use an IANA name such as "Europe/Prague", "America/New_York" or "UTC".`,
    );
  }
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClockAt(instant: Date, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
    second: get("second"),
  };
}

/** Minutes east of UTC that `timeZone` observes at `instant`. */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const wall = wallClockAt(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const absolute = Math.abs(minutes);
  const hours = String(Math.floor(absolute / 60)).padStart(2, "0");
  return `${sign}${hours}:${String(absolute % 60).padStart(2, "0")}`;
}

/** "2026-11-21T09:30:00+01:00": the instant as wall-clock time in the zone with its offset. */
export function isoInZone(instant: Date, timeZone: string): string {
  const wall = wallClockAt(instant, timeZone);
  const pad = (value: number, length = 2) => String(value).padStart(length, "0");
  const date = `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
  const time = `${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;
  return `${date}T${time}${formatOffset(offsetMinutes(instant, timeZone))}`;
}

export function weekdayInZone(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, weekday: "long" }).format(instant);
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Reads an ISO 8601 date or date-time. With an offset ("…Z", "…+02:00") it is an instant; without one
 * it is wall-clock time in `timeZone`.
 */
export function parseDateTime(text: string, timeZone: string): Date {
  const trimmed = text.trim();
  if (HAS_OFFSET.test(trimmed) && trimmed.includes("T")) {
    const instant = new Date(trimmed);
    if (!Number.isNaN(instant.getTime())) return instant;
  }
  const match = LOCAL_DATE_TIME.exec(trimmed);
  if (!match) {
    throw new ToolInputError(
      `Cannot read "${text}" as a date. Use ISO 8601, e.g. "2026-03-14", "2026-03-14T15:30" or "2026-03-14T15:30:00Z".`,
    );
  }
  const [year, month, day, hour, minute, second] = match.slice(1).map((value) => Number(value ?? 0));
  const guess = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0);
  const check = new Date(guess);
  if (check.getUTCMonth() !== (month ?? 1) - 1 || check.getUTCDate() !== day) {
    throw new ToolInputError(`"${text}" is not a real calendar date.`);
  }
  // The offset at the guessed instant may differ from the one at the true instant around a DST change.
  let instant = guess - offsetMinutes(new Date(guess), timeZone) * 60_000;
  instant = guess - offsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant);
}
