// Which Atlassian site an OAuth connection uses. An Atlassian 3LO token can reach every site the user
// granted at consent; GET https://api.atlassian.com/oauth/token/accessible-resources lists them
// (https://developer.atlassian.com/cloud/jira/platform/oauth-2-3lo-apps/#3-1-get-the-cloudid-for-your-site).
// The site is stored with the connection: one site is used at once, several are offered to the user,
// who picks one on the integration's page (never silently the first of the list).
import { providerEndpoints } from "../../../integrations/registry.ts";
import type { App } from "../../app.ts";
import type { ConnectionAccount, ConnectionSite } from "../../db/schema/integration-connections.ts";
import { networkReason, providerFetch } from "../outbound-fetch.ts";

export const CHOOSE_SITE_REASON = "Choose which Atlassian site Portico should use.";

/** The sites the token reaches, each once (one entry per site, whichever products it has). */
export async function fetchAtlassianSites(
  app: App,
  headers: Record<string, string>,
): Promise<{ sites: ConnectionSite[] } | { failure: string }> {
  const base = providerEndpoints("atlassian", app.config).apiBaseUrl ?? "";
  let response: Response;
  try {
    response = await providerFetch(`${base}/oauth/token/accessible-resources`, {
      headers: { accept: "application/json", ...headers },
    });
  } catch (error) {
    return { failure: `Could not reach Atlassian to list your sites: ${networkReason(error)}` };
  }
  if (!response.ok) {
    await response.body?.cancel();
    return {
      failure:
        response.status === 401
          ? "Atlassian refused the connection's access (HTTP 401). Reconnect Atlassian"
          : `Atlassian answered HTTP ${response.status} when Portico listed your sites`,
    };
  }
  const listed: unknown = await response.json().catch(() => null);
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
  return { sites: [...sites.values()] };
}

/**
 * What a (re)connection keeps: the only site, or the site chosen before when it is still listed;
 * otherwise the user chooses (`site` absent).
 */
export function accountAfterConnect(
  sites: ConnectionSite[],
  previous: ConnectionAccount | null,
): ConnectionAccount {
  const kept = sites.find((site) => site.id === previous?.site?.id);
  const site = sites.length === 1 ? sites[0] : kept;
  return site ? { site, sites } : { sites };
}
