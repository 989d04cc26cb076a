import type { ProviderSpec } from "./provider-spec.ts";

/** The API version every call asks for (monday.com's "Current" version when these tools were checked). */
export const MONDAY_API_VERSION = "2026-07";

export const monday: ProviderSpec = {
  id: "monday",
  endpoints: {
    authorizeUrl: "https://auth.monday.com/oauth2/authorize",
    tokenUrl: "https://auth.monday.com/oauth2/token",
    // The GraphQL endpoint is /v2 under this base (src/integrations/monday/).
    apiBaseUrl: "https://api.monday.com",
  },
  oauth: {
    pkce: false,
    clientAuth: "body",
    // monday.com documents its token as the bare Authorization value, without "Bearer"; without an
    // API-Version header a call gets whatever version is current that day, so it is pinned.
    headers: (accessToken) => ({ authorization: accessToken, "api-version": MONDAY_API_VERSION }),
  },
  access: {},
  check: {},
  references: [
    "https://developer.monday.com/apps/docs/oauth",
    "https://developer.monday.com/api-reference/docs/authentication",
    "https://developer.monday.com/api-reference/docs/api-versioning",
  ],
};
