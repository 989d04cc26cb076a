import type { ProviderSpec } from "./provider-spec.ts";

// Microsoft identity platform offers no token revocation endpoint for a single grant.
export const microsoft: ProviderSpec = {
  id: "microsoft",
  endpoints: {
    authorizeUrl: "https://login.microsoftonline.com/common/oauth2/v2.0/authorize",
    tokenUrl: "https://login.microsoftonline.com/common/oauth2/v2.0/token",
    apiBaseUrl: "https://graph.microsoft.com/v1.0",
  },
  oauth: {
    pkce: true,
    clientAuth: "body",
    baseScopes: ["offline_access", "User.Read"],
  },
  access: {},
  check: {},
  references: ["https://learn.microsoft.com/entra/identity-platform/v2-oauth2-auth-code-flow"],
};
