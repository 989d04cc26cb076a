// Project admins see which MCP clients people connected to their project over OAuth, and can cut one
// off: revoking deletes the grant's tokens and consent, so the client's next /mcp call is a 401 and it
// has to ask the user again.
import { and, eq, gt, isNotNull, isNull, max, sql } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import { recordAuditEvent } from "../audit/record-audit-event.ts";
import type { Database } from "../db/client.ts";
import {
  oauthAccessToken,
  oauthClient,
  oauthConsent,
  oauthRefreshToken,
  toolCall,
  user,
} from "../db/schema/index.ts";
import { requireProjectAction } from "../projects/access.ts";

export const GRANT_NOT_FOUND = "This application is not connected to the project.";

const toDate = (value: Date | string | null | undefined) => (value ? new Date(value) : null);

const key = (clientId: string, userId: string | null) => `${clientId}\u0000${userId ?? ""}`;

export async function getProjectAuthorizedClients(db: Database, actorId: string, projectId: string) {
  await requireProjectAction(db, actorId, projectId, "project.manageAccess");
  const now = new Date();
  const consents = await db
    .select({
      clientId: oauthConsent.clientId,
      clientName: oauthClient.name,
      clientUri: oauthClient.uri,
      userId: oauthConsent.userId,
      userName: user.name,
      userEmail: user.email,
      scopes: oauthConsent.scopes,
      authorizedAt: oauthConsent.updatedAt,
    })
    .from(oauthConsent)
    .innerJoin(oauthClient, eq(oauthClient.clientId, oauthConsent.clientId))
    .innerJoin(user, eq(user.id, oauthConsent.userId))
    .where(eq(oauthConsent.referenceId, projectId));
  // A grant counts while it can still produce a working token: a live refresh or access token.
  const liveRefresh = await db
    .select({ clientId: oauthRefreshToken.clientId, userId: oauthRefreshToken.userId })
    .from(oauthRefreshToken)
    .where(
      and(
        eq(oauthRefreshToken.referenceId, projectId),
        isNull(oauthRefreshToken.revoked),
        gt(oauthRefreshToken.expiresAt, now),
      ),
    );
  const access = await db
    .select({
      clientId: oauthAccessToken.clientId,
      userId: oauthAccessToken.userId,
      lastTokenAt: max(oauthAccessToken.createdAt),
      live: sql<boolean>`bool_or(${oauthAccessToken.expiresAt} > ${now} and ${oauthAccessToken.revoked} is null)`,
    })
    .from(oauthAccessToken)
    .where(eq(oauthAccessToken.referenceId, projectId))
    .groupBy(oauthAccessToken.clientId, oauthAccessToken.userId);
  const used = await db
    .select({
      clientId: toolCall.oauthClientId,
      userId: toolCall.userId,
      lastUsedAt: max(toolCall.createdAt),
    })
    .from(toolCall)
    .where(and(eq(toolCall.projectId, projectId), isNotNull(toolCall.oauthClientId)))
    .groupBy(toolCall.oauthClientId, toolCall.userId);
  const lastUse = new Map(used.map((row) => [key(row.clientId ?? "", row.userId), row.lastUsedAt]));
  const refreshable = new Set(liveRefresh.map((row) => key(row.clientId, row.userId)));
  const tokens = new Map(access.map((row) => [key(row.clientId, row.userId), row]));
  return consents
    .flatMap((consent) => {
      const token = tokens.get(key(consent.clientId, consent.userId));
      const active = refreshable.has(key(consent.clientId, consent.userId)) || Boolean(token?.live);
      if (!active || !consent.userId) return [];
      return [
        {
          clientId: consent.clientId,
          clientName: consent.clientName?.trim() || consent.clientId,
          clientUri: consent.clientUri,
          userId: consent.userId,
          userName: consent.userName,
          userEmail: consent.userEmail,
          scopes: consent.scopes,
          authorizedAt: consent.authorizedAt,
          lastTokenAt: toDate(token?.lastTokenAt),
          /** Last tool call through MCP or REST with this grant (the gateway's call log). */
          lastUsedAt: toDate(lastUse.get(key(consent.clientId, consent.userId))),
        },
      ];
    })
    .sort((a, b) => (b.authorizedAt?.getTime() ?? 0) - (a.authorizedAt?.getTime() ?? 0));
}

/** Revokes one person's grant of a client (with `userId`) or everyone's, in this project only. */
export async function revokeProjectClient(
  db: Database,
  actorId: string,
  input: { projectId: string; clientId: string; userId?: string },
) {
  const access = await requireProjectAction(db, actorId, input.projectId, "project.manageAccess");
  return db.transaction(async (tx) => revokeGrant(tx, actorId, access.project, input));
}

async function revokeGrant(
  db: Database,
  actorId: string,
  inProject: { id: string; name: string; organizationId: string },
  input: { projectId: string; clientId: string; userId?: string },
) {
  const scope = <T extends typeof oauthAccessToken | typeof oauthRefreshToken | typeof oauthConsent>(
    table: T,
  ) =>
    and(
      eq(table.referenceId, input.projectId),
      eq(table.clientId, input.clientId),
      input.userId ? eq(table.userId, input.userId) : undefined,
    );
  // Access tokens first: some reference the refresh tokens deleted next.
  const accessTokens = await db
    .delete(oauthAccessToken)
    .where(scope(oauthAccessToken))
    .returning({ id: oauthAccessToken.id });
  const refreshTokens = await db
    .delete(oauthRefreshToken)
    .where(scope(oauthRefreshToken))
    .returning({ id: oauthRefreshToken.id });
  const consents = await db
    .delete(oauthConsent)
    .where(scope(oauthConsent))
    .returning({ id: oauthConsent.id });
  if (accessTokens.length + refreshTokens.length + consents.length === 0) {
    throw new AppError("NOT_FOUND", GRANT_NOT_FOUND);
  }
  const [client] = await db
    .select({ name: oauthClient.name })
    .from(oauthClient)
    .where(eq(oauthClient.clientId, input.clientId));
  await recordAuditEvent(db, {
    organizationId: inProject.organizationId,
    action: "oauth_client.revoked",
    actorId,
    project: inProject,
    target: { type: "oauth_client", id: input.clientId, label: client?.name ?? input.clientId },
    // Whose grant: one person's (their id) or everyone's in the project.
    details: { forUserId: input.userId ?? null, sessionsEnded: accessTokens.length + refreshTokens.length },
  });
  return { clientId: input.clientId, revokedTokens: accessTokens.length + refreshTokens.length };
}
