import { basic, bearer, type LoginRequest, pathPart, text, trimSlash } from "./access.ts";
import type { ProviderSpec } from "./provider-spec.ts";

// Caflou API v1 (https://documenter.getpostman.com/view/4786951/RWMFrTQC): https://app.caflou.com/api/v1,
// the account id in the path, a Bearer token, list pages of `per` records (default 20, at most 1,000).
// The base URL is the credential's (Caflou's own host by default), so calls go through the SSRF guard.
// The token comes from POST /api/v1/login with the user's email and password as Basic auth and expires
// a week after it is issued (the same page); the engine logs in, caches it and logs in again on a 401.

/** Caflou's documented token lifetime, used when the login answer states no expiry of its own. */
export const CAFLOU_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

// The documentation shows no answer body. The published client reads `access_token` and an `expires_at`
// in seconds since the epoch (REFERENCES.md); an ISO time is read too, else the documented week counts.
function readLogin(answer: unknown, now: number) {
  const body = (typeof answer === "object" && answer !== null ? answer : {}) as Record<string, unknown>;
  const token = body.access_token;
  if (typeof token !== "string" || token === "") return undefined;
  const stated = body.expires_at;
  const expiresAt =
    typeof stated === "number" && stated > 0
      ? stated * 1000
      : typeof stated === "string" && !Number.isNaN(Date.parse(stated))
        ? Date.parse(stated)
        : now + CAFLOU_TOKEN_LIFETIME_MS;
  return { token, expiresAt };
}

const login = (v: Record<string, string | number | undefined>): LoginRequest | undefined =>
  v.email && v.password
    ? { path: "/api/v1/login", method: "POST", headers: basic(v.email, v.password), read: readLogin }
    : undefined;

export const caflou: ProviderSpec = {
  id: "caflou",
  endpoints: {},
  access: {
    "api-token": (v) => ({
      baseUrl: trimSlash(text(v.baseUrl)),
      // The logged-in token; credentials saved before logins carry their token as apiKey.
      headers: bearer(v.sessionToken ?? v.apiKey),
      variables: { accountId: text(v.accountId) },
      userSupplied: true,
    }),
  },
  login: { "api-token": login },
  check: { "api-token": (v) => ({ path: `/api/v1/${pathPart(v.accountId)}/companies?per=1` }) },
  references: ["https://documenter.getpostman.com/view/4786951/RWMFrTQC"],
};
