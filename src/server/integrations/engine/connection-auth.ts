// For one of an organization's connections to a provider (connection-choice.ts says which): where to send
// API calls, with which auth headers and per-connection variables. OAuth connections use the (refreshed) access token; every other flow uses
// its saved credential through the same builders as the check before saving (src/integrations/_providers/).
// Nothing of the MCP caller's own token is ever involved: auth is the connection's alone.

import type { ConnectionAddress } from "../../../integrations/_kit/connection-account.ts";
import type { CredentialAccess, CredentialValues } from "../../../integrations/_providers/access.ts";
import type { OAuthSpec } from "../../../integrations/_providers/provider-spec.ts";
import {
  accessFromCredential,
  oauthHeaders,
  providerEndpoints,
  providerSpecs,
} from "../../../integrations/registry.ts";
import { providers } from "../../../lib/integrations/providers.ts";
import type { AuthFlowType, ProviderId } from "../../../lib/integrations/types.ts";
import type { App } from "../../app-services.ts";
import { fetchPublicUrl } from "../../security/ssrf-guard.ts";
import { accessTokenOf } from "../connections/access-token.ts";
import { askProviderWith } from "../connections/ask-provider.ts";
import {
  type ConnectionChoice,
  findChosenConnection,
  SHARED_CONNECTION,
} from "../connections/connection-choice.ts";
import { ConnectionUnavailableError, CredentialRefusedError } from "../connections/connection-errors.ts";
import { type ConnectionRow, connectionDisplayName, openTokens } from "../connections/connection-store.ts";
import { credentialRefused } from "../connections/credential-refusal.ts";
import { ServiceAccountError, withServiceAccountToken } from "../connections/service-account-token.ts";
import { storedReason } from "../connections/status-reason.ts";
import { withSession } from "../credential-login.ts";
import { readCredentialById } from "../credentials/credential-store.ts";
import { PROVIDER_TIMEOUT_MS } from "../outbound-fetch.ts";

export interface ConnectionAuth extends CredentialAccess {
  provider: ProviderId;
  authFlow: AuthFlowType;
  /** The OAuth access token or logged-in session token in the headers (named as rejected after a 401). */
  accessToken?: string;
  /** The connection these headers speak for; none for a request sent without them (a signed link). */
  connectionId?: string;
  /** How the call log names that connection (its label or account). */
  connectionLabel?: string;
}

// What OAuth connections had to ask the provider for (OAuthSpec.address: Atlassian's site, Salesforce's
// instance), keyed "organization:provider:connection"; forgetConnectionAuth drops it after a reconnect.
const discovered = new Map<string, ConnectionAddress>();
const cacheKey = (row: ConnectionRow) => `${row.organizationId}:${row.provider}:${row.id}`;

/** Drops what was discovered for the organization's connections to the provider. */
export function forgetConnectionAuth(organizationId: string, provider: ProviderId): void {
  const prefix = `${organizationId}:${provider}:`;
  for (const key of discovered.keys()) if (key.startsWith(prefix)) discovered.delete(key);
}

/** Which connection a call uses: the organization, the provider and the choice among its connections. */
export interface ConnectionTarget {
  organizationId: string;
  provider: ProviderId;
  connection?: ConnectionChoice;
}

/** Why there is no connection to use, in the words the caller reads. */
function missingReason(target: ConnectionTarget, name: string): string {
  if (target.connection?.kind === "external") {
    return `This user has not connected their ${name} account, needed by ${target.connection.purpose ?? "this tool"}: the app that called must send them a connect link.`;
  }
  if (target.connection?.kind !== "personal") return `${name} is not connected.`;
  const purpose = target.connection.purpose;
  return `Connect your ${name} account to use ${purpose ?? "this tool"}.`;
}

/**
 * `rejectedToken`: an OAuth access token or login session token the provider just refused (401); a
 * refreshed one (or a new login) is used instead.
 */
export async function resolveConnectionAuth(
  app: App,
  target: ConnectionTarget,
  rejectedToken?: string,
): Promise<ConnectionAuth> {
  const { provider } = target;
  const name = providers[provider].name;
  const row = await findChosenConnection(
    app.db,
    target.organizationId,
    provider,
    target.connection ?? SHARED_CONNECTION,
  );
  if (!row) throw new ConnectionUnavailableError(missingReason(target, name));
  if (row.status !== "active") {
    throw new ConnectionUnavailableError(row.statusReason ?? `The ${name} connection is ${row.status}.`);
  }
  const endpoints = providerEndpoints(provider, app.config);
  if (row.authFlow === "oauth") {
    const token = await accessTokenOf(app, row, rejectedToken);
    const headers = oauthHeaders(provider, token);
    // The account's own host from the token answer (Pipedrive's api_domain, Salesforce's instance_url,
    // SurveyMonkey's access_url), else what the provider's address hook has kept or discovers (an
    // Atlassian site's cloudId), else the configured one.
    const fromToken = openTokens(app.keyring, row)?.apiDomain;
    const address = providerSpecs[provider].oauth?.address;
    const found: ConnectionAddress =
      address?.stored?.(row.account ?? null) ??
      (address && fromToken === undefined
        ? await discover(app, row, address.discover, headers)
        : { variables: {} });
    const own = fromToken ?? found.baseUrl;
    return {
      provider,
      authFlow: "oauth",
      connectionId: row.id,
      connectionLabel: connectionDisplayName(row),
      accessToken: token,
      baseUrl: own ?? endpoints.apiBaseUrl ?? "",
      headers,
      variables: found.variables,
      // An address from a response (discovered or in the token answer) is not configuration: guard it too.
      userSupplied: own !== undefined,
    };
  }
  const credential = row.credentialId
    ? await readCredentialById(app.db, app.keyring, row.credentialId)
    : null;
  if (!credential) {
    throw new ConnectionUnavailableError(`The ${name} credentials were removed. Save new ones.`);
  }
  let values: CredentialValues = credential.values;
  let session: Awaited<ReturnType<typeof withSession>>;
  try {
    if (row.authFlow === "service-account") {
      // A key, not a token: the access token is minted (and cached) from it, and minted again after a 401.
      values = await withServiceAccountToken(app.config, provider, values, rejectedToken);
    }
    // Credentials that are a login (Caflou) carry the logged-in token, cached until it expires.
    session = await withSession(app.config, credential.id, provider, row.authFlow, values, rejectedToken);
  } catch (error) {
    const refused =
      error instanceof CredentialRefusedError || (error instanceof ServiceAccountError && error.refused);
    const reason = error instanceof ServiceAccountError ? error.message : undefined;
    // The provider refused the saved key or login itself: the connection is broken until they change.
    if (refused) await credentialRefused(app, row.id, reason ?? (error as CredentialRefusedError).reason);
    if (reason !== undefined) throw new ConnectionUnavailableError(storedReason(reason));
    throw error;
  }
  const access = accessFromCredential(provider, row.authFlow, session.values, endpoints);
  if (!access) throw new ConnectionUnavailableError(`${name} cannot be called with this connection.`);
  if (access.userSupplied && !access.baseUrl) {
    // Credentials saved before the address became a field (Atlassian's site URL).
    throw new ConnectionUnavailableError(
      `The saved ${name} credentials have no address to call. Save them again with the site's address.`,
    );
  }
  const accessToken = row.authFlow === "service-account" ? String(values.accessToken) : session.sessionToken;
  return {
    provider,
    authFlow: row.authFlow,
    connectionId: row.id,
    connectionLabel: connectionDisplayName(row),
    ...access,
    ...(accessToken ? { accessToken } : {}),
  };
}

/** What `discover` finds for this connection, asked of the provider once and kept. */
async function discover(
  app: App,
  row: ConnectionRow,
  discoverAddress: NonNullable<OAuthSpec["address"]>["discover"],
  headers: Record<string, string>,
): Promise<ConnectionAddress> {
  const key = cacheKey(row);
  const known = discovered.get(key);
  if (known) return known;
  const ask = askProviderWith(headers, providers[row.provider].name);
  const found = await discoverAddress(ask, providerEndpoints(row.provider, app.config));
  discovered.set(key, found);
  return found;
}

/**
 * fetch() to the connection's API: configured base URLs through providerFetch's rules (no redirects),
 * user-supplied or discovered ones through the SSRF guard. `signal` carries the caller's deadline.
 */
export function fetchWithAuth(
  app: App,
  auth: ConnectionAuth,
  url: string,
  init: RequestInit & { signal: AbortSignal },
): Promise<Response> {
  if (auth.userSupplied) {
    return fetchPublicUrl(
      url,
      init as Parameters<typeof fetchPublicUrl>[1],
      { allowPrivateNetworks: app.config.allowPrivateUrls },
      // The caller's signal bounds the call; this limit only backs it up. No redirects: following one
      // would send the credentials wherever it points.
      { timeoutMs: 10 * PROVIDER_TIMEOUT_MS, maxRedirects: 0 },
    );
  }
  return fetch(url, { ...init, redirect: "manual" });
}
