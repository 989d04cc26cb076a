// The authorization request behind /oauth/consent. The authorization server sends the browser here with
// the request signed (`sig`, `exp`, and `ba_param` naming the signed parameters); approving posts that
// signed query back, byte for byte. A request that arrives unsigned (from /sign-in, or a link) or whose
// signature has expired goes back to the authorization endpoint first, which checks the client and
// the redirect URI and signs it.
import { firstValue, oauthSignatureParams } from "~/components/auth/auth-search.ts";

export type ConsentSearch = Record<string, string | string[] | undefined>;

/** requirements §5: response_type defaults to code, code_challenge_method to S256, the rest to empty text. */
export function consentRequest(search: ConsentSearch) {
  const text = (name: string) => firstValue(search[name]) ?? "";
  const resource = search.resource === undefined ? [] : [search.resource].flat();
  return {
    clientId: text("client_id"),
    redirectUri: text("redirect_uri"),
    responseType: text("response_type") || "code",
    scope: text("scope"),
    state: text("state"),
    codeChallenge: text("code_challenge"),
    codeChallengeMethod: text("code_challenge_method") || "S256",
    resource,
  };
}

export function scopesOf(scope: string): string[] {
  return [...new Set(scope.split(" ").filter(Boolean))];
}

/** Signed by the authorization server and not expired (the server checks the signature itself). */
export function isSignedRequest(search: ConsentSearch, now = Date.now()): boolean {
  const exp = Number(firstValue(search.exp));
  return Boolean(firstValue(search.sig)) && search.ba_param !== undefined && exp * 1000 > now;
}

/** The authorization endpoint for the same request, unsigned, so the server validates and signs it anew. */
export function authorizeHref(search: ConsentSearch): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) {
    if (value === undefined || (oauthSignatureParams as readonly string[]).includes(name)) continue;
    // Only `resource` may legitimately repeat (RFC 8707); anything else counts once (requirements §5).
    const values = name === "resource" ? [value].flat() : [firstValue(value) ?? ""];
    for (const item of values) params.append(name, item);
  }
  return `/api/auth/oauth2/authorize?${params}`;
}

/**
 * The signed part of a query string, as the authorization server checks it: `sig`, the `ba_param`
 * list and the parameters it names. Anything the page's router added is left out.
 */
export function signedOAuthQuery(searchString: string): string | null {
  const params = new URLSearchParams(searchString);
  const signed = new Set(params.getAll("ba_param"));
  if (!params.has("sig") || signed.size === 0) return null;
  const result = new URLSearchParams();
  for (const [name, value] of params) {
    if (name === "sig" || name === "ba_param" || signed.has(name)) result.append(name, value);
  }
  return result.toString();
}
