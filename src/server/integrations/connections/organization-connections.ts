// An organization's connections as its members see and manage them: the shared ones (members list them;
// owners and admins disconnect, re-check, choose a site, rename), and personal ones (each person manages
// their own; owners and admins see who has connected what, never tokens, and can disconnect a member's).
// A connection is addressed by id, or by provider for the organization's default shared one (the
// pages and clients made when there was one connection per provider). Starting an OAuth connection
// lives in ../oauth/start-oauth.ts.

import { and, asc, eq } from "drizzle-orm";
import { AppError } from "../../../lib/errors.ts";
import { providers } from "../../../lib/integrations/providers.ts";
import type { ProviderId } from "../../../lib/integrations/types.ts";
import { organizationRoleAllows } from "../../../lib/permissions.ts";
import type { App } from "../../app-services.ts";
import { recordAuditEvent } from "../../audit/record-audit-event.ts";
import { connectionConnected } from "../../builder-webhooks/origin-events.ts";
import type { Database } from "../../db/client.ts";
import { integrationConnection, user } from "../../db/schema/index.ts";
import { requireOrganizationAction } from "../../organizations/access.ts";
import { checkCredential } from "../credential-check.ts";
import { readCredentialById } from "../credentials/credential-store.ts";
import { expireAbandonedAuthorizations } from "../oauth/pending-authorization.ts";
import { markConnectionBroken } from "./connection-alerts.ts";
import {
  type ConnectionRow,
  connectionAuditLabel,
  connectionView,
  findConnection,
  findConnectionById,
  listSharedConnections,
  personalConnectionsOf,
  setConnectionStatus,
} from "./connection-store.ts";
import { revokeAtProvider } from "./revoke-connection.ts";

export const CONNECTION_NOT_FOUND = "Connection not found";
const sharedOnly = () => new AppError("FORBIDDEN", "Only owners and admins manage shared connections.");

/** Which connection: by id, else the organization's default shared connection to the provider. */
export interface ConnectionAddress {
  organizationId: string;
  connectionId?: string;
  provider?: ProviderId;
}

export async function getOrganizationConnections(app: App, userId: string, organizationId: string) {
  await requireOrganizationAction(app.db, userId, organizationId, "integrations.view");
  await expireAbandonedAuthorizations(app.db, organizationId);
  return listSharedConnections(app.db, organizationId);
}

/** Members' personal connections (owners and admins): who connected which provider account, no tokens. */
export async function getMemberConnections(app: App, userId: string, organizationId: string) {
  await requireOrganizationAction(app.db, userId, organizationId, "integrations.manage");
  await expireAbandonedAuthorizations(app.db, organizationId);
  const rows = await app.db
    .select({ connection: integrationConnection, ownerName: user.name, ownerEmail: user.email })
    .from(integrationConnection)
    .innerJoin(user, eq(user.id, integrationConnection.ownerUserId))
    .where(personalConnectionsOf(organizationId))
    .orderBy(asc(user.name), asc(integrationConnection.provider));
  return rows.map((row) => ({
    ...connectionView(row.connection),
    owner: { id: row.connection.ownerUserId as string, name: row.ownerName, email: row.ownerEmail },
  }));
}

async function findAddressed(db: Database, address: ConnectionAddress) {
  if (address.connectionId) {
    const row = await findConnectionById(db, address.connectionId);
    return row && row.organizationId === address.organizationId ? row : undefined;
  }
  return address.provider ? findConnection(db, address.organizationId, address.provider) : undefined;
}

/**
 * The addressed connection, if the caller may change it: a shared one needs integrations.manage; a
 * personal one is its owner's, or an owner's or admin's to disconnect (`othersPersonal`). A member who
 * may not see a connection gets NOT_FOUND, as for one that does not exist.
 */
async function requireConnection(
  app: App,
  userId: string,
  address: ConnectionAddress,
  othersPersonal: "manage" | "own-only" = "own-only",
): Promise<ConnectionRow> {
  const role = await requireOrganizationAction(app.db, userId, address.organizationId, "integrations.view");
  const manages = organizationRoleAllows(role, "integrations.manage");
  // Addressed by provider: the organization's shared connection, which only owners and admins manage.
  if (!address.connectionId && !manages) throw sharedOnly();
  const row = await findAddressed(app.db, address);
  if (!row) throw new AppError("NOT_FOUND", CONNECTION_NOT_FOUND);
  if (row.ownerUserId === null) {
    if (!manages) throw sharedOnly();
    return row;
  }
  if (row.ownerUserId === userId) return row;
  if (othersPersonal === "manage" && manages) return row;
  throw new AppError("NOT_FOUND", CONNECTION_NOT_FOUND);
}

/**
 * Stops using the connection: its tokens are revoked where the provider offers revocation, then
 * forgotten. The row stays (inactive, with the reason) so the page can offer to connect again.
 */
export async function disconnect(app: App, userId: string, address: ConnectionAddress) {
  const row = await requireConnection(app, userId, address, "manage");
  const name = providers[row.provider].name;
  const { revoked, unsupported } = await revokeAtProvider(app, row);
  const reason = revoked
    ? `Disconnected; access revoked at ${name}.`
    : unsupported
      ? `Disconnected. Portico cannot revoke access at ${name}: remove it in your ${name} account settings.`
      : "Disconnected.";
  // Revocation at the provider came first (a network call), outside any transaction; the local change
  // and its event are one.
  await app.db.transaction(async (tx) => {
    await setConnectionStatus(tx, row.id, "inactive", reason, {
      tokens: null,
      tokensKeyId: null,
      accessTokenExpiresAt: null,
    });
    await recordAuditEvent(tx, {
      organizationId: row.organizationId,
      action: "integration.disconnected",
      actorId: userId,
      target: { type: "integration", id: row.id, label: connectionAuditLabel(row) },
      details: {
        provider: row.provider,
        authFlow: row.authFlow,
        revokedAtProvider: revoked,
        personal: row.ownerUserId !== null,
        ...(row.ownerUserId ? { ownerUserId: row.ownerUserId } : {}),
      },
    });
  });
  return { revoked, provider: row.provider, connectionId: row.id };
}

/**
 * A member left or was removed: their personal connections in the organization are revoked at the
 * provider where it documents revocation, then deleted (nobody can reconnect them for that person).
 */
export async function removePersonalConnections(app: App, organizationId: string, memberUserId: string) {
  const rows = await app.db
    .select()
    .from(integrationConnection)
    .where(
      and(
        eq(integrationConnection.organizationId, organizationId),
        eq(integrationConnection.ownerUserId, memberUserId),
      ),
    );
  for (const row of rows) {
    const { revoked } = await revokeAtProvider(app, row).catch(() => ({ revoked: false }));
    await app.db.transaction(async (tx) => {
      await tx.delete(integrationConnection).where(eq(integrationConnection.id, row.id));
      await recordAuditEvent(tx, {
        organizationId,
        action: "integration.disconnected",
        actorId: null,
        target: {
          type: "integration",
          id: row.id,
          label: connectionAuditLabel(row),
        },
        details: {
          provider: row.provider,
          authFlow: row.authFlow,
          revokedAtProvider: revoked,
          personal: true,
          ownerUserId: memberUserId,
          reason: "member left the organization",
        },
      });
    });
  }
  return rows.map((row) => row.provider);
}

/** Gives a connection a label people recognise ("Support inbox"); empty clears it. */
export async function renameConnection(
  app: App,
  userId: string,
  address: ConnectionAddress,
  label: string | null,
) {
  const row = await requireConnection(app, userId, address);
  const [updated] = await app.db
    .update(integrationConnection)
    .set({ label: label?.trim() || null, updatedAt: new Date() })
    .where(eq(integrationConnection.id, row.id))
    .returning();
  if (!updated) throw new AppError("NOT_FOUND", CONNECTION_NOT_FOUND);
  return connectionView(updated);
}

/** Reconnects an API-token or service-account connection by checking its saved credential again. */
export async function recheckConnection(app: App, userId: string, address: ConnectionAddress) {
  const row = await requireConnection(app, userId, address);
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
      await checkCredential(app.config, row.provider, row.authFlow, credential.values);
      await setConnectionStatus(app.db, row.id, "active", null);
      if (row.status !== "active") connectionConnected(app, row.id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await markConnectionBroken(app, row.id, error.message);
    }
  }
  const updated = await findConnectionById(app.db, row.id);
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
  address: ConnectionAddress,
  siteId: string,
) {
  const row = await requireConnection(app, userId, address);
  const site = row.account?.sites?.find((item) => item.id === siteId);
  if (row.authFlow !== "oauth" || !row.account?.sites) {
    throw new AppError(
      "BAD_REQUEST",
      `This ${providers[row.provider].name} connection has no sites to choose from.`,
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
  await setConnectionStatus(app.db, row.id, "active", null, {
    account: { ...row.account, site },
    accountLabel: row.accountLabel ?? site.name,
  });
  if (row.status !== "active") connectionConnected(app, row.id);
  const updated = await findConnectionById(app.db, row.id);
  if (!updated) throw new AppError("NOT_FOUND", CONNECTION_NOT_FOUND);
  return connectionView(updated);
}
