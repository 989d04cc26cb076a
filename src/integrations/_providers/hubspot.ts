import type { ProviderSpec } from "./provider-spec.ts";

export const hubspot: ProviderSpec = {
  id: "hubspot",
  endpoints: {
    authorizeUrl: "https://app.hubspot.com/oauth/authorize",
    tokenUrl: "https://api.hubapi.com/oauth/v1/token",
    // DELETE <revokeUrl>/<refresh token> ends the grant (oauth.revocation below).
    revokeUrl: "https://api.hubapi.com/oauth/v1/refresh-tokens",
    apiBaseUrl: "https://api.hubapi.com",
  },
  oauth: {
    pkce: false,
    clientAuth: "body",
    revocation: "delete-refresh-token",
  },
  access: {},
  check: {},
  references: [
    "https://developers.hubspot.com/docs/api/oauth-quickstart-guide",
    "https://developers.hubspot.com/docs/api-reference/auth-oauth-v1/refresh-tokens/delete-oauth-v1-refresh-tokens-token",
  ],
};
