import type { ProviderSpec } from "./provider-spec.ts";

export const monday: ProviderSpec = {
  id: "monday",
  endpoints: {
    authorizeUrl: "https://auth.monday.com/oauth2/authorize",
    tokenUrl: "https://auth.monday.com/oauth2/token",
    // The GraphQL endpoint is /v2 under this base (documents/monday.json).
    apiBaseUrl: "https://api.monday.com",
  },
  oauth: {
    pkce: false,
    clientAuth: "body",
    scopes: { monday: ["me:read", "boards:read", "boards:write", "updates:write"] },
  },
};
