// The app's one way to show a moment (issue 43): in the person's time zone, the exact UTC time on
// hover. The zone starts as the one the server rendered with (the cookie, else UTC), so hydration
// matches; after hydration the browser's own zone replaces it when they differ, and is remembered in
// the cookie so the next page renders in it on the server already.

import { useMemo } from "react";
import { formatDate, formatDateTime, formatRelative, formatUtc } from "~/lib/format-date.ts";
import { useTimeZone } from "./time-zone-context.tsx";

/** The formatters bound to the person's zone, for text that is not a <DateTime> (labels, summaries). */
export function useDateFormat() {
  const timeZone = useTimeZone();
  return useMemo(
    () => ({
      date: (value: Date | string) => formatDate(value, timeZone),
      dateTime: (value: Date | string) => formatDateTime(value, timeZone),
    }),
    [timeZone],
  );
}

/**
 * A moment as a <time>: "28 Nov 2026, 08:02" (`show="date-time"`), "28 Nov 2026" (`"date"`) or
 * "3 minutes ago" (`"relative"`), with the exact UTC time as its title.
 */
export function DateTime({
  value,
  show = "date-time",
  className,
}: {
  value: Date | string;
  show?: "date" | "date-time" | "relative";
  className?: string;
}) {
  const timeZone = useTimeZone();
  const moment = new Date(value);
  const text =
    show === "relative"
      ? formatRelative(moment)
      : show === "date"
        ? formatDate(moment, timeZone)
        : formatDateTime(moment, timeZone);
  return (
    <time
      dateTime={moment.toISOString()}
      title={formatUtc(moment)}
      data-time-zone={timeZone}
      className={className}
      suppressHydrationWarning={show === "relative"}
    >
      {text}
    </time>
  );
}
