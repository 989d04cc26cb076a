// An organization's connections as its members see and manage them: list (members), disconnect and
// re-check (owners and admins). Starting an OAuth connection lives in ../oauth/start-oauth.ts.

import { oauthEndpoints, providerEndpoints, providerSpecs } from "../../../integrations/registry.ts";
import { AppError } from "../../../lib/errors.ts";
import { providers } from "../../../lib/integrations/providers.ts";
import type { ProviderId } from "../../../lib/integrations/types.ts";
import type { App } from "../../app.ts";
import { recordAuditEvent } from "../../audit/record-audit-event.ts";
import type { Database } from "../../db/client.ts";
import { requireOrganizationAction } from "../../organizations/access.ts";
import { checkCredential } from "../credential-check.ts";
import { readCredentialById } from "../credentials/credential-store.ts";
import { guardedSend } from "../oauth/remote-mcp/metadata-fetch.ts";
import { deleteRefreshToken, revokeToken } from "../oauth/token-client.ts";
import { markConnectionBroken } from "./connection-alerts.ts";
import {
  connectionView,
  findConnection,
  listConnections,
  openTokens,
  setConnectionStatus,
} from "./connection-store.ts";

export const CONNECTION_NOT_FOUND = "Connection not found";

export async function getOrganizationConnections(app: App, userId: string, organizationId: string) {
  await requireOrganizationAction(app.db, userId, organizationId, "integrations.view");
  return listConnections(app.db, organizationId);
}

async function requireConnection(app: App, userId: string, organizationId: string, provider: ProviderId) {
  await requireOrganizationAction(app.db, userId, organizationId, "integrations.manage");
  const row = await findConnection(app.db, organizationId, provider);
  if (!row) throw new AppError("NOT_FOUND", CONNECTION_NOT_FOUND);
  return row;
}

/**
 * Stops using the connection: its tokens are revoked where the provider offers revocation, then
 * forgotten. The row stays (inactive, with the reason) so the page can offer to connect again.
 */
export async function disconnect(app: App, userId: string, organizationId: string, provider: ProviderId) {
  const row = await requireConnection(app, userId, organizationId, provider);
  const name = providers[provider].name;
  const revokeUrl = providerEndpoints(provider, app.config).revokeUrl;
  let revoked = false;
  const tokens = row.authFlow === "oauth" ? openTokens(app.keyring, row) : null;
  const oauth = providerSpecs[provider].oauth;
  const own = tokens?.client;
  if (tokens && own?.revokeUrl) {
    // Remote MCP OAuth: the connection's own client, at the endpoint its authorization server named.
    revoked = await revokeToken(
      own.revokeUrl,
      {
        clientId: own.clientId,
        clientSecret: own.clientSecret ?? "",
        clientAuth: own.clientSecret ? "body" : "none",
      },
      tokens.refreshToken ?? tokens.accessToken,
      guardedSend(app),
    );
  } else if (tokens && revokeUrl && oauth?.revocation === "delete-refresh-token") {
    revoked = tokens.refreshToken ? await deleteRefreshToken(revokeUrl, tokens.refreshToken) : false;
  } else if (tokens && revokeUrl && oauth && row.credentialId) {
    const credential = await readCredentialById(app.db, app.keyring, row.credentialId);
    if (credential) {
      revoked = await revokeToken(
        oauthEndpoints(provider, app.config, credential.values).revokeUrl ?? revokeUrl,
        {
          clientId: String(credential.values.clientId),
          clientSecret: String(credential.values.clientSecret),
          clientAuth: oauth.clientAuth,
        },
        // Revoking the refresh token ends the whole grant at providers that support it.
        tokens.refreshToken ?? tokens.accessToken,
      );
    }
  }
  const reason = revoked
    ? `Disconnected; access revoked at ${name}.`
    : tokens && !revokeUrl && !own?.revokeUrl
      ? `Disconnected. Portico cannot revoke access at ${name}: remove it in your ${name} account settings.`
      : "Disconnected.";
  // Revocation at the provider came first (a network call), outside any transaction; the local change
  // and its event are one.
  await app.db.transaction(async (tx) => {
    await setConnectionStatus(tx as unknown as Database, row.id, "inactive", reason, {
      tokens: null,
      tokensKeyId: null,
      accessTokenExpiresAt: null,
    });
    await recordAuditEvent(tx, {
      organizationId,
      action: "integration.disconnected",
      actorId: userId,
      target: { type: "integration", id: row.id, label: name },
      details: { provider, authFlow: row.authFlow, revokedAtProvider: revoked },
    });
  });
  return { revoked };
}

/** Reconnects an API-token or service-account connection by checking its saved credential again. */
export async function recheckConnection(
  app: App,
  userId: string,
  organizationId: string,
  provider: ProviderId,
) {
  const row = await requireConnection(app, userId, organizationId, provider);
  if (row.authFlow === "oauth") {
    throw new AppError("BAD_REQUEST", "OAuth connections reconnect through the provider's sign-in.");
  }
  const credential = row.credentialId
    ? await readCredentialById(app.db, app.keyring, row.credentialId)
    : null;
  if (!credential) {
    await markConnectionBroken(app, row.id, "Its credentials were removed. Save new ones.");
  } else {
    try {
      await checkCredential(app.config, provider, row.authFlow, credential.values);
      await setConnectionStatus(app.db, row.id, "active", null);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await markConnectionBroken(app, row.id, error.message);
    }
  }
  const updated = await findConnection(app.db, organizationId, provider);
  if (!updated) throw new AppError("NOT_FOUND", CONNECTION_NOT_FOUND);
  return connectionView(updated);
}

/**
 * Sets the site an Atlassian OAuth connection uses, among the sites its token reached when it was made
 * (Atlassian lists them at accessible-resources; the connect flow stored them). The connection becomes
 * active if it was waiting for this choice.
 */
export async function chooseConnectionSite(
  app: App,
  userId: string,
  organizationId: string,
  provider: ProviderId,
  siteId: string,
) {
  const row = await requireConnection(app, userId, organizationId, provider);
  const site = row.account?.sites?.find((item) => item.id === siteId);
  if (row.authFlow !== "oauth" || !row.account?.sites) {
    throw new AppError(
      "BAD_REQUEST",
      `This ${providers[provider].name} connection has no sites to choose from.`,
    );
  }
  if (!site) {
    throw new AppError(
      "BAD_REQUEST",
      "This connection cannot reach that site. Reconnect to grant it, then choose it here.",
    );
  }
  if (row.status !== "active" && row.status !== "pending") {
    throw new AppError("BAD_REQUEST", row.statusReason ?? "Connect again, then choose the site.");
  }
  await setConnectionStatus(app.db, row.id, "active", null, { account: { ...row.account, site } });
  const updated = await findConnection(app.db, organizationId, provider);
  if (!updated) throw new AppError("NOT_FOUND", CONNECTION_NOT_FOUND);
  return connectionView(updated);
}
