// The app's one way to show a moment (issue 43): in the person's time zone, the exact UTC time on
// hover. The zone starts as the one the server rendered with (the cookie, else UTC), so hydration
// matches; after hydration the browser's own zone replaces it when they differ, and is remembered in
// the cookie so the next page renders in it on the server already.

import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import { formatDate, formatDateTime, formatRelative, formatUtc, UTC } from "~/lib/format-date.ts";
import { browserTimeZone, rememberTimeZone } from "~/lib/time-zone.ts";

const TimeZoneContext = createContext<string>(UTC);

export function TimeZoneProvider({ initial, children }: { initial: string; children: ReactNode }) {
  const [timeZone, setTimeZone] = useState(initial);
  useEffect(() => {
    const own = browserTimeZone();
    if (own === initial) return;
    rememberTimeZone(own);
    setTimeZone(own);
  }, [initial]);
  return <TimeZoneContext.Provider value={timeZone}>{children}</TimeZoneContext.Provider>;
}

export const useTimeZone = () => useContext(TimeZoneContext);

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
