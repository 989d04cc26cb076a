// The person's time zone for dates (issue 43). The browser knows it; the server learns it from a cookie
// the browser sets, so pages render in it on the server and hydrate without a mismatch. Only the first
// page of a first visit renders in UTC and corrects itself once after hydration (date-time.tsx).
import { createIsomorphicFn } from "@tanstack/react-start";
import { getCookie } from "@tanstack/react-start/server";

/** The zone a page renders in until the browser has said its own. */
export const UTC = "UTC";
export const TIME_ZONE_COOKIE = "portico-tz";
const ONE_YEAR = 60 * 60 * 24 * 365;

/** An IANA zone name Intl accepts, or null: the cookie is the browser's to set, and anyone's to forge. */
export function validTimeZone(value: string | undefined | null): string | null {
  if (!value || value.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en-GB", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

function cookieValue(cookies: string, name: string): string | undefined {
  for (const pair of cookies.split(/;\s*/)) {
    const index = pair.indexOf("=");
    if (pair.slice(0, index) === name) return decodeURIComponent(pair.slice(index + 1));
  }
  return undefined;
}

/** The zone the request's cookie names (UTC without one), read the same way on the server and in the browser. */
export const requestTimeZone = createIsomorphicFn()
  .server((): string => validTimeZone(getCookie(TIME_ZONE_COOKIE)) ?? UTC)
  .client((): string => validTimeZone(cookieValue(document.cookie, TIME_ZONE_COOKIE)) ?? UTC);

/** The browser's own zone. */
export const browserTimeZone = (): string =>
  validTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? UTC;

/** Tells the server the zone for the next requests. */
export function rememberTimeZone(timeZone: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference the server reads; no Cookie Store API in every browser
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(timeZone)}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax`;
}
