// Date and time tools: models don't know what time it is, and get time zone and calendar arithmetic
// wrong surprisingly often.
import { z } from "zod";
import { defineStandardTool, ToolInputError } from "./define-tool.ts";
import {
  assertTimeZone,
  formatOffset,
  isoInZone,
  offsetMinutes,
  parseDateTime,
  weekdayInZone,
} from "./time-zones.ts";

const timeZoneField = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .describe('IANA time zone name, e.g. "Europe/Prague", "America/New_York", "UTC".');

const momentShape = {
  iso: z.string().describe("ISO 8601 with the zone's UTC offset"),
  timezone: z.string(),
  utcOffset: z.string(),
  weekday: z.string(),
};

function describeMoment(instant: Date, timeZone: string) {
  return {
    iso: isoInZone(instant, timeZone),
    timezone: timeZone,
    utcOffset: formatOffset(offsetMinutes(instant, timeZone)),
    weekday: weekdayInZone(instant, timeZone),
  };
}

export const getCurrentTime = defineStandardTool({
  name: "get_current_time",
  title: "Current date and time",
  description:
    "Returns the current date, time, weekday and UTC offset in a time zone (UTC if none is given). " +
    "Call this before reasoning about 'today', 'tomorrow', deadlines or business hours.",
  input: z.object({ timezone: timeZoneField.optional() }),
  output: z.object({ ...momentShape, unixSeconds: z.number().int() }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  run({ timezone }) {
    const zone = assertTimeZone(timezone ?? "UTC");
    const now = new Date();
    return { ...describeMoment(now, zone), unixSeconds: Math.floor(now.getTime() / 1000) };
  },
});

export const convertTime = defineStandardTool({
  name: "convert_time",
  title: "Convert time between time zones",
  description:
    "Converts a date-time from one time zone to another, accounting for daylight saving time. " +
    '`time` is ISO 8601: with an offset ("2026-03-14T15:30:00Z") it is an exact instant; without one ' +
    '("2026-03-14T15:30") it is read as wall-clock time in `fromTimezone`.',
  input: z.object({
    time: z.string().trim().min(1).max(64).describe("ISO 8601 date-time"),
    fromTimezone: timeZoneField.optional().describe("Zone of `time` when it has no offset (default UTC)"),
    toTimezone: timeZoneField,
  }),
  output: z.object({ from: z.object(momentShape), to: z.object(momentShape) }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  run({ time, fromTimezone, toTimezone }) {
    const from = assertTimeZone(fromTimezone ?? "UTC");
    const to = assertTimeZone(toTimezone);
    const instant = parseDateTime(time, from);
    return { from: describeMoment(instant, from), to: describeMoment(instant, to) };
  },
});

const durationShape = z
  .object({
    years: z.number().int().min(-1000).max(1000).optional(),
    months: z.number().int().min(-12000).max(12000).optional(),
    weeks: z.number().int().min(-52000).max(52000).optional(),
    days: z.number().int().min(-365000).max(365000).optional(),
    businessDays: z.number().int().min(-260000).max(260000).optional().describe("Monday–Friday only"),
    hours: z.number().int().min(-8760000).max(8760000).optional(),
    minutes: z.number().int().min(-525600000).max(525600000).optional(),
  })
  .describe("Amounts to add; negative values subtract");

type Duration = z.output<typeof durationShape>;

function addBusinessDays(date: Date, amount: number): Date {
  const result = new Date(date);
  const step = amount < 0 ? -1 : 1;
  for (let left = Math.abs(amount); left > 0; ) {
    result.setUTCDate(result.getUTCDate() + step);
    const weekday = result.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return result;
}

/** Calendar arithmetic on the wall clock of the zone (so "+1 day" across DST stays at the same hour). */
function addDuration(instant: Date, zone: string, duration: Duration): Date {
  const offset = offsetMinutes(instant, zone);
  const wall = new Date(instant.getTime() + offset * 60_000);
  wall.setUTCFullYear(wall.getUTCFullYear() + (duration.years ?? 0));
  wall.setUTCMonth(wall.getUTCMonth() + (duration.months ?? 0));
  wall.setUTCDate(wall.getUTCDate() + (duration.weeks ?? 0) * 7 + (duration.days ?? 0));
  const shifted = duration.businessDays ? addBusinessDays(wall, duration.businessDays) : wall;
  const local = shifted.toISOString().slice(0, 19);
  const result = parseDateTime(local, zone);
  return new Date(result.getTime() + ((duration.hours ?? 0) * 60 + (duration.minutes ?? 0)) * 60_000);
}

function businessDaysBetween(start: Date, end: Date): number {
  const sign = end < start ? -1 : 1;
  const [from, to] = sign > 0 ? [start, end] : [end, start];
  const cursor = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  const last = Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate());
  let count = 0;
  while (cursor.getTime() < last) {
    cursor.setUTCDate(cursor.getUTCDate() + 1);
    const weekday = cursor.getUTCDay();
    if (weekday !== 0 && weekday !== 6) count++;
  }
  return sign * count;
}

export const dateCalculate = defineStandardTool({
  name: "date_calculate",
  title: "Date arithmetic",
  description:
    "Adds a duration to a date (years, months, weeks, days, business days, hours, minutes) or, when " +
    "`end` is given, measures the time between two dates in days, weeks, hours and business days " +
    "(Monday–Friday). Dates are ISO 8601, read in `timezone` (default UTC) when they carry no offset.",
  input: z.object({
    start: z.string().trim().min(1).max(64).describe('ISO 8601 date or date-time, or "now"'),
    add: durationShape.optional(),
    end: z.string().trim().min(1).max(64).optional().describe("Second date, to measure the difference"),
    timezone: timeZoneField.optional(),
  }),
  output: z.object({
    start: z.object(momentShape),
    result: z.object(momentShape).optional(),
    difference: z
      .object({
        days: z.number(),
        weeks: z.number(),
        hours: z.number(),
        businessDays: z.number().int(),
      })
      .optional(),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  run({ start, add, end, timezone }) {
    const zone = assertTimeZone(timezone ?? "UTC");
    if (!add && !end) throw new ToolInputError("Give either `add` (a duration) or `end` (a second date).");
    const read = (text: string) => (text.toLowerCase() === "now" ? new Date() : parseDateTime(text, zone));
    const startInstant = read(start);
    const output: {
      start: ReturnType<typeof describeMoment>;
      result?: ReturnType<typeof describeMoment>;
      difference?: { days: number; weeks: number; hours: number; businessDays: number };
    } = { start: describeMoment(startInstant, zone) };
    if (add) output.result = describeMoment(addDuration(startInstant, zone, add), zone);
    if (end) {
      const endInstant = read(end);
      const hours = (endInstant.getTime() - startInstant.getTime()) / 3_600_000;
      const round = (value: number) => Math.round(value * 100) / 100;
      const localDate = (instant: Date) =>
        new Date(instant.getTime() + offsetMinutes(instant, zone) * 60_000);
      output.difference = {
        days: round(hours / 24),
        weeks: round(hours / 168),
        hours: round(hours),
        businessDays: businessDaysBetween(localDate(startInstant), localDate(endInstant)),
      };
    }
    return output;
  },
});
