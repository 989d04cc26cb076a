import type { ProviderSpec } from "./provider-spec.ts";

// The Microsoft identity platform has no revocation endpoint for a delegated grant's tokens (no RFC 7009):
// disconnecting forgets them, and the user (or a tenant admin) removes Portico's consent in their account.
// Graph's user: revokeSignInSessions is not that: it ends all of the user's sessions in every app.
// Refresh tokens rotate (each refresh answer carries a new one, which access-token.ts keeps); the token
// requests' `scope` is optional, so refreshes send only the grant.
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
  references: [
    "https://learn.microsoft.com/entra/identity-platform/v2-oauth2-auth-code-flow",
    "https://learn.microsoft.com/entra/identity-platform/v2-oauth2-auth-code-flow#refresh-the-access-token",
    "https://learn.microsoft.com/entra/identity-platform/refresh-tokens",
    "https://learn.microsoft.com/graph/api/user-revokesigninsessions",
  ],
};
