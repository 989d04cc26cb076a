import {
  type AskProvider,
  type ConnectionAccount,
  type ConnectionSite,
  ConnectionUnavailableError,
} from "../_kit/connection-account.ts";
import { basic, text, trimSlash } from "./access.ts";
import type { ProviderEndpoints, ProviderSpec } from "./provider-spec.ts";

/**
 * The sites an OAuth token reaches, each once (one entry per site, whichever products it has):
 * GET https://api.atlassian.com/oauth/token/accessible-resources
 * (https://developer.atlassian.com/cloud/jira/platform/oauth-2-3lo-apps/#3-1-get-the-cloudid-for-your-site).
 */
async function accessibleSites(ask: AskProvider, endpoints: ProviderEndpoints): Promise<ConnectionSite[]> {
  const listed = await ask(
    `${endpoints.apiBaseUrl ?? ""}/oauth/token/accessible-resources`,
    "list your sites",
  );
  const sites = new Map<string, ConnectionSite>();
  for (const item of Array.isArray(listed) ? listed : []) {
    const { id, url, name } = (item ?? {}) as Record<string, unknown>;
    if (typeof id === "string" && id && !sites.has(id)) {
      sites.set(id, {
        id,
        url: typeof url === "string" ? url : "",
        name: typeof name === "string" ? name : id,
      });
    }
  }
  return [...sites.values()];
}

/**
 * What a (re)connection keeps: the only site, or the site chosen before when it is still listed;
 * otherwise the person chooses on the integrations page (`site` absent), never silently the first.
 */
function accountForSites(sites: ConnectionSite[], previous: ConnectionAccount | null): ConnectionAccount {
  const kept = sites.find((site) => site.id === previous?.site?.id);
  const site = sites.length === 1 ? sites[0] : kept;
  return site ? { site, sites } : { sites };
}

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
    // The token reaches the sites granted at consent; the connection calls one of them.
    accountAfterConnect: async (ask, endpoints, previous) => {
      const sites = await accessibleSites(ask, endpoints);
      if (sites.length === 0) {
        throw new ConnectionUnavailableError(
          "the Atlassian account reaches no site with the access Portico asks for",
        );
      }
      return accountForSites(sites, previous);
    },
    address: {
      stored: (account) => (account?.site ? { variables: { cloudId: account.site.id } } : undefined),
      // Connections made before the site was kept with them: the only site the token reaches.
      discover: async (ask, endpoints) => {
        const [only, ...others] = await accessibleSites(ask, endpoints);
        if (!only) {
          throw new ConnectionUnavailableError(
            "The Atlassian connection reaches no site. Connect again and pick a site.",
          );
        }
        if (others.length > 0) {
          throw new ConnectionUnavailableError(
            "The Atlassian connection reaches several sites: reconnect Atlassian and choose one on the organization's integrations page.",
          );
        }
        return { variables: { cloudId: only.id } };
      },
    },
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
