import type { ProviderSpec } from "./provider-spec.ts";

// Atlassian's 3LO has no PKCE and no revocation endpoint: disconnecting forgets the tokens, and the
// user removes the app at id.atlassian.com if they want the grant gone too.
export const atlassian: ProviderSpec = {
  id: "atlassian",
  endpoints: {
    authorizeUrl: "https://auth.atlassian.com/authorize",
    tokenUrl: "https://auth.atlassian.com/oauth/token",
    apiBaseUrl: "https://api.atlassian.com",
  },
  oauth: {
    pkce: false,
    clientAuth: "body",
    baseScopes: ["offline_access", "read:me"],
    scopes: {
      jira: ["read:jira-work", "write:jira-work", "read:jira-user"],
      confluence: ["read:confluence-content.all", "write:confluence-content", "search:confluence"],
    },
    extraAuthorizeParams: { audience: "api.atlassian.com", prompt: "consent" },
  },
};
