// A usable access token for a connection (shared or personal), refreshed shortly before it expires. Only one
// refresh runs per connection: callers in this process share one in-flight refresh, and across
// replicas the refresh holds the connection's row lock (select … for update), re-reading the row once
// it has the lock, so a replica that waited finds the fresh token instead of refreshing again.

import { eq } from "drizzle-orm";
import { oauthEndpoints, providerSpecs } from "../../../integrations/registry.ts";
import { providers } from "../../../lib/integrations/providers.ts";
import type { ProviderId } from "../../../lib/integrations/types.ts";
import type { App } from "../../app-services.ts";
import { integrationConnection } from "../../db/schema/index.ts";
import { metrics } from "../../observability/metrics.ts";
import { fetchPublicUrl } from "../../security/ssrf-guard.ts";
import { readCredentialById } from "../credentials/credential-store.ts";
import { type OAuthClient, refreshTokens, TokenRequestError } from "../oauth/token-client.ts";
import { PROVIDER_TIMEOUT_MS } from "../outbound-fetch.ts";
import { alertBrokenConnection } from "./connection-alerts.ts";
import { ConnectionUnavailableError } from "./connection-errors.ts";
import {
  type ConnectionRow,
  findConnection,
  openTokens,
  type StoredTokens,
  sealTokens,
} from "./connection-store.ts";
import { REFRESH_MARGIN_MS } from "./refresh-margin.ts";
import { storedReason } from "./status-reason.ts";

// A token without a stored expiry (the token answer had no expires_in) counts as fresh until the provider
// refuses it: then the caller passes it back as `rejected` and it is refreshed once.
const fresh = (row: ConnectionRow, token: string, rejected?: string) =>
  token !== rejected &&
  (row.accessTokenExpiresAt === null || row.accessTokenExpiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS);

// Refreshes under way, per app instance (one per process in production; tests run two "replicas" in
// one process, which must each take the database lock like separate processes would).
const inFlightByApp = new WeakMap<App, Map<string, Promise<string>>>();

/**
 * `rejected`: the token the provider just answered 401 to. It is refreshed (unless another caller already
 * replaced it), so a token revoked or expired early costs one retry instead of a failed call.
 */
export async function getAccessToken(
  app: App,
  organizationId: string,
  provider: ProviderId,
  rejected?: string,
): Promise<string> {
  const row = await findConnection(app.db, organizationId, provider);
  const name = providers[provider].name;
  if (!row) throw new ConnectionUnavailableError(`${name} is not connected.`);
  if (row.status !== "active") {
    throw new ConnectionUnavailableError(row.statusReason ?? `The ${name} connection is ${row.status}.`);
  }
  return accessTokenOf(app, row, rejected);
}

/** The token of an active OAuth connection already read, refreshed first when it is due (see above). */
export async function accessTokenOf(app: App, row: ConnectionRow, rejected?: string): Promise<string> {
  const name = providers[row.provider].name;
  const tokens = openTokens(app.keyring, row);
  if (!tokens) throw new ConnectionUnavailableError(`The ${name} connection holds no token. Connect again.`);
  if (fresh(row, tokens.accessToken, rejected)) return tokens.accessToken;
  let inFlight = inFlightByApp.get(app);
  if (!inFlight) {
    inFlight = new Map();
    inFlightByApp.set(app, inFlight);
  }
  const pending = inFlight;
  let refresh = pending.get(row.id);
  if (!refresh) {
    refresh = refreshUnderLock(app, row.id, rejected).finally(() => pending.delete(row.id));
    pending.set(row.id, refresh);
  }
  return refresh;
}

/** `alert`: this refresh broke the connection, so its owner (or owners and admins) are told once committed. */
type Outcome = { token: string } | { failure: string; alert?: true };

async function refreshUnderLock(app: App, connectionId: string, rejected?: string): Promise<string> {
  const outcome = await app.db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx
      .select()
      .from(integrationConnection)
      .where(eq(integrationConnection.id, connectionId))
      .for("update");
    if (!row) return { failure: "The connection was removed." };
    const name = providers[row.provider].name;
    if (row.status !== "active")
      return { failure: row.statusReason ?? `The ${name} connection is ${row.status}.` };
    const tokens = openTokens(app.keyring, row);
    if (!tokens) return { failure: `The ${name} connection holds no token. Connect again.` };
    if (fresh(row, tokens.accessToken, rejected)) return { token: tokens.accessToken };

    // The row lock makes this the one write that takes the active connection to error: it claims the
    // breakage's alert (connection-alerts.ts), sent after commit.
    const alert = row.errorAlertedAt === null;
    // The provider's answer may echo the refresh token: it is cut out of the stored and thrown reason.
    const fail = async (answer: string, keepTokens: boolean): Promise<Outcome> => {
      const reason = storedReason(answer);
      const now = new Date();
      await tx
        .update(integrationConnection)
        .set({
          status: "error",
          statusReason: reason,
          updatedAt: now,
          ...(alert ? { errorAlertedAt: now } : {}),
          ...(keepTokens ? {} : { tokens: null, tokensKeyId: null, accessTokenExpiresAt: null }),
        })
        .where(eq(integrationConnection.id, row.id));
      return alert ? { failure: reason, alert } : { failure: reason };
    };
    if (!tokens.refreshToken)
      return fail(`The ${name} access expired and ${name} gave no refresh token. Connect again.`, false);
    const refresh = await refreshRequest(app, tx, row, tokens);
    if (!refresh) return fail(`The OAuth app this ${name} connection used was removed.`, false);
    let refreshed = false;
    try {
      const next = await refreshTokens(
        refresh.tokenUrl,
        refresh.client,
        tokens.refreshToken,
        name,
        refresh.options,
      );
      refreshed = true;
      metrics.oauthRefresh("success");
      // Providers that rotate refresh tokens send a new one; the others keep the old one valid.
      const refreshToken = next.refreshToken ?? tokens.refreshToken;
      const now = new Date();
      await tx
        .update(integrationConnection)
        .set({
          ...sealTokens(app.keyring, row, {
            accessToken: next.accessToken,
            refreshToken,
            ...((next.apiDomain ?? tokens.apiDomain)
              ? { apiDomain: next.apiDomain ?? tokens.apiDomain }
              : {}),
            ...(tokens.client ? { client: tokens.client } : {}),
          }),
          accessTokenExpiresAt: next.expiresAt,
          ...(next.scope ? { scopes: next.scope } : {}),
          statusReason: null,
          lastRefreshedAt: now,
          updatedAt: now,
        })
        .where(eq(integrationConnection.id, row.id));
      return { token: next.accessToken };
    } catch (error) {
      // Counted once: a failure to store the new tokens is not a refused refresh.
      if (!refreshed) metrics.oauthRefresh("failure");
      if (!(error instanceof TokenRequestError)) throw error;
      // A refused grant is dead; a network failure may pass, so its tokens stay for a retry after reconnect.
      return fail(`Token refresh failed: ${error.reason}.`, !error.permanent);
    }
  });
  if ("failure" in outcome) {
    if (outcome.alert) alertBrokenConnection(app, connectionId);
    throw new ConnectionUnavailableError(outcome.failure);
  }
  return outcome.token;
}

/**
 * Where and as whom a connection refreshes: its own registered client at the token endpoint its
 * authorization server's metadata named (remote MCP servers; a discovered address, so through the SSRF
 * guard), else the saved OAuth app at the provider's configured token URL. Null when neither is left.
 */
async function refreshRequest(
  app: App,
  db: Parameters<typeof readCredentialById>[0],
  row: ConnectionRow,
  tokens: StoredTokens,
): Promise<{
  tokenUrl: string;
  client: OAuthClient;
  options: Parameters<typeof refreshTokens>[4];
} | null> {
  const own = tokens.client;
  if (own) {
    const policy = { allowPrivateNetworks: app.config.allowPrivateUrls };
    return {
      tokenUrl: own.tokenUrl,
      client: {
        clientId: own.clientId,
        clientSecret: own.clientSecret ?? "",
        clientAuth: own.clientSecret ? "body" : "none",
      },
      options: {
        ...(own.resource ? { resource: own.resource } : {}),
        // No redirects: following one would send the refresh token wherever it points.
        send: (url, init) =>
          fetchPublicUrl(url, init as Parameters<typeof fetchPublicUrl>[1], policy, {
            timeoutMs: PROVIDER_TIMEOUT_MS,
            maxRedirects: 0,
          }),
      },
    };
  }
  const credential = row.credentialId ? await readCredentialById(db, app.keyring, row.credentialId) : null;
  const oauth = providerSpecs[row.provider].oauth;
  const tokenUrl = oauthEndpoints(row.provider, app.config, credential?.values).tokenUrl;
  if (!credential || !oauth || !tokenUrl) return null;
  return {
    tokenUrl,
    client: {
      clientId: String(credential.values.clientId),
      clientSecret: String(credential.values.clientSecret),
      clientAuth: oauth.clientAuth,
      assumedLifetimeSeconds: oauth.assumedLifetimeSeconds,
      tokenRequestBody: oauth.tokenRequestBody,
    },
    options: {},
  };
}
