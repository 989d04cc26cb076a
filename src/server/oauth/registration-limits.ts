// Dynamic client registration (RFC 7591) is open to anyone, and the plugin stores what it is sent:
// 5,000 redirect URIs, a 200 kB name and a 300 kB URI were each registered, up to the 1 MB body cap per
// request. These bounds are far above what MCP clients send (one or two redirect URIs, a short name) and
// keep a registration to a few kilobytes. Client metadata documents are capped by size where fetched.
//
// What the URIs may be: the plugin stored `javascript:` logo, client, policy and terms URIs (shown as
// links and images on the consent screen) and a literal wildcard redirect `https://*.example/cb`. A
// client's descriptive URIs are https; a redirect is https, http on loopback (RFC 8252 §7.3) or a
// native app's private-use scheme (§7.1, request-defaults.ts); no host may hold a wildcard.
import { APIError, createAuthMiddleware } from "better-auth/api";
import { isLoopbackRedirect, isPrivateUseRedirect } from "./request-defaults.ts";

export const MAX_REDIRECT_URIS = 20;
export const MAX_URI_LENGTH = 2048;
export const MAX_NAME_LENGTH = 200;
/** Other text fields a client describes itself with (software id and version, contacts…). */
const MAX_TEXT_LENGTH = 2048;
const MAX_LIST_ITEMS = 20;

const URI_FIELDS = ["client_uri", "logo_uri", "tos_uri", "policy_uri", "jwks_uri"] as const;

function invalid(description: string): APIError {
  return new APIError("BAD_REQUEST", { error: "invalid_client_metadata", error_description: description });
}

/** An absolute https URL without a wildcard, credentials or spaces in its host. */
function isPlainHttps(uri: string): boolean {
  if (!URL.canParse(uri)) return false;
  const url = new URL(uri);
  return url.protocol === "https:" && url.hostname !== "" && !url.hostname.includes("*") && !url.username;
}

/** A redirect URI Portico sends authorization codes to. */
function isAcceptableRedirect(uri: unknown): boolean {
  if (typeof uri !== "string" || uri.includes("*")) return false;
  return isPlainHttps(uri) || isLoopbackRedirect(uri) || isPrivateUseRedirect(uri);
}

/** The first bound `body` breaks, as an error description; null when within every bound. */
export function registrationLimitBroken(body: Record<string, unknown>): string | null {
  const redirects = body.redirect_uris;
  if (Array.isArray(redirects)) {
    if (redirects.length > MAX_REDIRECT_URIS) return `at most ${MAX_REDIRECT_URIS} redirect_uris`;
    if (redirects.some((uri) => typeof uri === "string" && uri.length > MAX_URI_LENGTH)) {
      return `redirect_uris of at most ${MAX_URI_LENGTH} characters`;
    }
    if (!redirects.every(isAcceptableRedirect)) {
      return "redirect_uris that are https, http on a loopback address or an app's own scheme, without wildcards";
    }
  }
  if (typeof body.client_name === "string" && body.client_name.length > MAX_NAME_LENGTH) {
    return `client_name of at most ${MAX_NAME_LENGTH} characters`;
  }
  for (const field of URI_FIELDS) {
    const value = body[field];
    if (typeof value === "string" && value.length > MAX_URI_LENGTH)
      return `${field} of at most ${MAX_URI_LENGTH} characters`;
    if (value !== undefined && value !== null && (typeof value !== "string" || !isPlainHttps(value))) {
      return `${field} that is an https URL`;
    }
  }
  for (const [field, value] of Object.entries(body)) {
    if (typeof value === "string" && value.length > MAX_TEXT_LENGTH)
      return `${field} of at most ${MAX_TEXT_LENGTH} characters`;
    if (Array.isArray(value) && field !== "redirect_uris") {
      if (value.length > MAX_LIST_ITEMS) return `at most ${MAX_LIST_ITEMS} ${field}`;
      if (value.some((item) => typeof item === "string" && item.length > MAX_TEXT_LENGTH)) {
        return `${field} entries of at most ${MAX_TEXT_LENGTH} characters`;
      }
    }
  }
  return null;
}

export function registrationLimitsHook() {
  return {
    matcher: (ctx: { path?: string }) => ctx.path === "/oauth2/register",
    handler: createAuthMiddleware(async (ctx) => {
      const body = ctx.body as Record<string, unknown> | undefined;
      if (!body || typeof body !== "object") return;
      const broken = registrationLimitBroken(body);
      if (broken) throw invalid(`Registration refused: ${broken}.`);
    }),
  };
}
