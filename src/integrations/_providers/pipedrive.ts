import type { ProviderSpec } from "./provider-spec.ts";

export const pipedrive: ProviderSpec = {
  id: "pipedrive",
  endpoints: {
    authorizeUrl: "https://oauth.pipedrive.com/oauth/authorize",
    tokenUrl: "https://oauth.pipedrive.com/oauth/token",
    revokeUrl: "https://oauth.pipedrive.com/oauth/revoke",
    // Fallback only: each company is served from the api_domain its token answer names.
    apiBaseUrl: "https://api.pipedrive.com",
  },
  // Pipedrive takes the client credentials as HTTP Basic auth at its token endpoint.
  oauth: {
    pkce: false,
    clientAuth: "basic",
  },
  access: {},
  check: {},
  references: ["https://pipedrive.readme.io/docs/marketplace-oauth-authorization"],
};
