import { basic, configured, pathPart, text } from "./access.ts";
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
    extraAuthorizeParams: { audience: "api.atlassian.com", prompt: "consent" },
  },
  access: {
    "api-token": (v, e) => configured(e, basic(v.email, v.apiToken), { cloudId: text(v.cloudId) }),
  },
  check: { "api-token": (v) => ({ path: `/ex/jira/${pathPart(v.cloudId)}/rest/api/3/myself` }) },
  references: [
    "https://developer.atlassian.com/cloud/jira/platform/oauth-2-3lo-apps/",
    "https://developer.atlassian.com/cloud/jira/platform/basic-auth-for-rest-apis/",
  ],
};
