// Headers every answer of the Web path gets (server.ts), so no page or endpoint depends on remembering
// them: pages may not be framed by other sites (clickjacking: the app's delete and revoke buttons, the
// sign-in form, the consent screen), content types are not sniffed, other sites see only our origin in
// Referer (invitation links and the signed OAuth query are in paths), HTTPS is remembered in production,
// and answers of the auth and data APIs and the app's pages (tokens, client secrets, a new API key,
// sessions) are never stored by a browser or a proxy (RFC 6749 §5.1 for the token endpoint).
//
// Not here: a script-src policy. TanStack Start writes inline hydration scripts without nonces, so a
// script-src without 'unsafe-inline' breaks every page; one with it adds little.

/** For HTML: no framing by anyone (X-Frame-Options for older browsers), no <base> or plugins. */
export const PAGE_CONTENT_SECURITY_POLICY = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'";
export const HSTS_VALUE = "max-age=31536000";

export interface SecurityHeaderOptions {
  /** Strict-Transport-Security: only when served over HTTPS in production (a dev http origin must not learn it). */
  hsts: boolean;
  /** Cache-Control: no-store unless the answer says otherwise (isPrivatePath). */
  noStore: boolean;
}

/** Whether HSTS applies: APP_ENV=production and an https BASE_URL. */
export function wantsHsts(environment: string, baseUrl: string): boolean {
  return environment === "production" && baseUrl.startsWith("https://");
}

/**
 * Answers about one signed-in user or carrying a secret: the auth and data APIs, the app's pages and
 * the OAuth pages. Public pages and static files keep whatever caching they have.
 */
export function isPrivatePath(pathname: string): boolean {
  return /^\/(?:api\/auth|api\/trpc|_serverFn|app|oauth)(?:\/|$)/.test(pathname);
}

/**
 * Adds the headers the answer lacks (a route's own values win). Headers of some Responses are immutable
 * (Response.redirect, fetch answers): those are copied into a new Response with the same body.
 */
export function withSecurityHeaders(response: Response, options: SecurityHeaderOptions): Response {
  const wanted: Array<[string, string]> = [
    ["x-content-type-options", "nosniff"],
    ["referrer-policy", "strict-origin-when-cross-origin"],
  ];
  if (options.hsts) wanted.push(["strict-transport-security", HSTS_VALUE]);
  if (options.noStore) wanted.push(["cache-control", "no-store"]);
  if (response.headers.get("content-type")?.startsWith("text/html")) {
    wanted.push(["x-frame-options", "DENY"], ["content-security-policy", PAGE_CONTENT_SECURITY_POLICY]);
  }
  const missing = wanted.filter(([name]) => !response.headers.has(name));
  if (missing.length === 0) return response;
  try {
    for (const [name, value] of missing) response.headers.set(name, value);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    for (const [name, value] of missing) headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
