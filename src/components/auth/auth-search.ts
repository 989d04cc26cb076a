// Search parameters of /sign-in and /sign-up: the OAuth authorization request (requirements §2) that sent the
// visitor here, and an optional `redirect` back into the app. OAuth values are opaque strings that must
// reach /oauth/consent byte-for-byte; the router's search serialization (lib/search-params.ts) keeps
// them as text.
import { safeRedirectPath } from "~/lib/safe-redirect.ts";

export { safeRedirectPath };

export const oauthParamNames = [
  "response_type",
  "client_id",
  "redirect_uri",
  "scope",
  "state",
  "code_challenge",
  "code_challenge_method",
] as const;
export type OAuthParamName = (typeof oauthParamNames)[number];

/**
 * The seven OAuth parameters and `redirect`, plus any other parameter the authorization server added
 * (e.g. `resource`), which is carried to the consent screen untouched.
 */
export type AuthSearch = Partial<Record<OAuthParamName | "redirect", string>> &
  Record<string, string | undefined>;

export const DEFAULT_AFTER_AUTH = "/app/dashboard";

/** A repeated parameter arrives as an array: the first value counts (requirements §5). */
export function firstValue(value: unknown): string | undefined {
  if (Array.isArray(value)) return firstValue(value[0]);
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return undefined;
}

/** Route `validateSearch`: the first value of every parameter. */
export function validateAuthSearch(search: Record<string, unknown>): AuthSearch {
  const result: AuthSearch = {};
  for (const [name, raw] of Object.entries(search)) {
    const value = firstValue(raw);
    if (value !== undefined) result[name] = value;
  }
  return result;
}

/**
 * Parameters the authorization server adds when it sends the browser here: a signature over the request
 * and when it expires. They are not part of the request itself; the server signs it again when the
 * browser comes back to it after signing in.
 */
export const oauthSignatureParams = ["sig", "exp", "ba_iat", "ba_pl", "ba_param"] as const;

const isSignatureParam = (name: string) => (oauthSignatureParams as readonly string[]).includes(name);

/** "?client_id=…&state=…": the OAuth request (every parameter but `redirect`), OAuth names first. */
export function oauthQuery(search: AuthSearch): string {
  const params = new URLSearchParams();
  const extras = Object.keys(search).filter(
    (name) => name !== "redirect" && !isOAuthParamName(name) && !isSignatureParam(name),
  );
  for (const name of [...oauthParamNames, ...extras]) {
    const value = search[name];
    if (value !== undefined) params.set(name, value);
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

const isOAuthParamName = (name: string): name is OAuthParamName =>
  (oauthParamNames as readonly string[]).includes(name);

export function hasOAuthRequest(search: AuthSearch): boolean {
  return oauthParamNames.some((name) => search[name] !== undefined);
}

/** Where to go after signing in or up: the OAuth consent screen, the requested page, or the dashboard. */
export function afterAuthDestination(search: AuthSearch): string {
  if (hasOAuthRequest(search)) return `/oauth/consent${oauthQuery(search)}`;
  return safeRedirectPath(search.redirect) ?? DEFAULT_AFTER_AUTH;
}
