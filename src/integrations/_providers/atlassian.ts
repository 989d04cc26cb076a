import { basic, text, trimSlash } from "./access.ts";
import type { ProviderSpec } from "./provider-spec.ts";

// Atlassian's 3LO has no PKCE and no revocation endpoint (its OAuth 2.0 (3LO) reference documents the
// authorize, token and accessible-resources endpoints only): disconnecting forgets the tokens, and the
// user removes the app under id.atlassian.com → Connected apps if they want the grant gone too.
// Token requests are JSON bodies (client_id and client_secret inside), as that reference shows.
// OAuth connections reach the chosen site through api.atlassian.com/ex/<product>/<cloudId>; API tokens
// go to the site's own address (the credential's siteUrl, through the SSRF guard) with Basic email:token.
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
    tokenRequestBody: "json",
    baseScopes: ["offline_access", "read:me"],
    extraAuthorizeParams: { audience: "api.atlassian.com", prompt: "consent" },
  },
  access: {
    "api-token": (v) => ({
      baseUrl: trimSlash(text(v.siteUrl)),
      headers: basic(v.email, v.apiToken),
      variables: {},
      userSupplied: true,
    }),
  },
  check: { "api-token": () => ({ path: "/rest/api/3/myself" }) },
  references: [
    "https://developer.atlassian.com/cloud/jira/platform/oauth-2-3lo-apps/",
    "https://developer.atlassian.com/cloud/jira/platform/basic-auth-for-rest-apis/",
    "https://developer.atlassian.com/cloud/jira/platform/scopes-for-oauth-2-3LO-and-forge-apps/",
    "https://developer.atlassian.com/cloud/confluence/scopes-for-oauth-2-3LO-and-forge-apps/",
    "https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-myself/#api-rest-api-3-myself-get",
  ],
};
