// The person's time zone for every <DateTime> below it (date-time.tsx). Apart from the formatters, so the
// root of every page can hold the zone without loading them: a page without dates never needs them.
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { browserTimeZone, rememberTimeZone, UTC } from "~/lib/time-zone.ts";

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
