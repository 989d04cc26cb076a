// External users of a project: users of the builder's own product, addressed by the builder's id.
// Plain service functions for the management API (and the project page): each takes the organization
// and project the caller speaks for, checks that the project is that organization's, parses its input
// with the exported schema, and throws AppError for what the caller got wrong.
import { and, asc, eq, gt, inArray, isNull } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import { providers } from "../../lib/integrations/providers.ts";
import type { App } from "../app-services.ts";
import type { Database } from "../db/client.ts";
import { externalUser, externalUserToken, integrationConnection } from "../db/schema/index.ts";
import { revokeAtProvider } from "../integrations/connections/revoke-connection.ts";
import { connectionChanged } from "../servers/connection-changes.ts";
import {
  createExternalUserInput,
  deleteExternalUserInput,
  type ExternalUserView,
  getExternalUserInput,
  listExternalUsersInput,
} from "./external-user-schemas.ts";
import { maskExternalUserToken } from "./external-user-secrets.ts";
import { auditExternalUser, type ProjectScope, parseInput, requireScopedProject } from "./project-scope.ts";

export const EXTERNAL_USER_NOT_FOUND = "External user not found";

type ExternalUserRow = typeof externalUser.$inferSelect;

/** The external user `externalId` of the scope's project, or NOT_FOUND. */
export async function requireExternalUser(
  db: Database,
  scope: ProjectScope,
  externalId: string,
): Promise<ExternalUserRow> {
  await requireScopedProject(db, scope);
  const [row] = await db
    .select()
    .from(externalUser)
    .where(and(eq(externalUser.projectId, scope.projectId), eq(externalUser.externalId, externalId)));
  if (!row) throw new AppError("NOT_FOUND", EXTERNAL_USER_NOT_FOUND);
  return row;
}

/** Rows as the API shows them: with their connections and (masked) tokens, in two reads for a page. */
async function viewsOf(db: Database, rows: ExternalUserRow[]): Promise<ExternalUserView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [connections, tokens] = await Promise.all([
    db
      .select({
        id: integrationConnection.id,
        externalUserId: integrationConnection.externalUserId,
        provider: integrationConnection.provider,
        accountLabel: integrationConnection.accountLabel,
        status: integrationConnection.status,
        statusReason: integrationConnection.statusReason,
      })
      .from(integrationConnection)
      .where(inArray(integrationConnection.externalUserId, ids))
      .orderBy(asc(integrationConnection.provider)),
    db
      .select()
      .from(externalUserToken)
      .where(inArray(externalUserToken.externalUserId, ids))
      .orderBy(asc(externalUserToken.createdAt)),
  ]);
  return rows.map((row) => ({
    id: row.externalId,
    createdAt: row.createdAt,
    lastCallAt: row.lastCallAt,
    connections: connections
      .filter((connection) => connection.externalUserId === row.id)
      .map(({ externalUserId: _e, ...connection }) => ({
        ...connection,
        providerName: providers[connection.provider]?.name ?? connection.provider,
      })),
    tokens: tokens
      .filter((token) => token.externalUserId === row.id)
      .map((token) => ({
        id: token.id,
        masked: maskExternalUserToken(token.prefix, token.lastFour),
        createdAt: token.createdAt,
        revokedAt: token.revokedAt,
      })),
  }));
}

export async function createExternalUser(app: App, scope: ProjectScope, input: unknown) {
  const { id } = parseInput(createExternalUserInput, input);
  await requireScopedProject(app.db, scope);
  const [row] = await app.db
    .insert(externalUser)
    .values({ projectId: scope.projectId, externalId: id })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError("BAD_REQUEST", `The project already has an external user "${id}"`);
  await auditExternalUser(app.db, scope, "external_user.created", id);
  const [view] = await viewsOf(app.db, [row]);
  return view as ExternalUserView;
}

/** Cursors are the last id of a page (ids are unique in a project and listed in their order). */
const encodeCursor = (externalId: string) => Buffer.from(externalId, "utf8").toString("base64url");
function decodeCursor(cursor: string): string {
  const decoded = Buffer.from(cursor, "base64url").toString("utf8");
  if (!decoded || encodeCursor(decoded) !== cursor) throw new AppError("BAD_REQUEST", "cursor: not a cursor");
  return decoded;
}

export async function listExternalUsers(app: App, scope: ProjectScope, input: unknown = {}) {
  const { cursor, limit } = parseInput(listExternalUsersInput, input);
  await requireScopedProject(app.db, scope);
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await app.db
    .select()
    .from(externalUser)
    .where(
      and(
        eq(externalUser.projectId, scope.projectId),
        after === null ? undefined : gt(externalUser.externalId, after),
      ),
    )
    .orderBy(asc(externalUser.externalId))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: await viewsOf(app.db, page),
    nextCursor: rows.length > limit && last ? encodeCursor(last.externalId) : null,
  };
}

export async function getExternalUser(app: App, scope: ProjectScope, input: unknown) {
  const { externalUserId } = parseInput(getExternalUserInput, input);
  const row = await requireExternalUser(app.db, scope, externalUserId);
  const [view] = await viewsOf(app.db, [row]);
  return view as ExternalUserView;
}

/**
 * Deletes the user: its grants are ended at each provider (as for a member's departure), its tokens
 * stop on every replica, then the rows go (connections, links and tokens with the user).
 */
export async function deleteExternalUser(app: App, scope: ProjectScope, input: unknown) {
  const { externalUserId } = parseInput(deleteExternalUserInput, input);
  const row = await requireExternalUser(app.db, scope, externalUserId);
  const connections = await app.db
    .select()
    .from(integrationConnection)
    .where(eq(integrationConnection.externalUserId, row.id));
  // A provider that refuses or cannot be reached must not keep the user alive: the tokens go anyway.
  await Promise.all(connections.map((connection) => revokeAtProvider(app, connection).catch(() => null)));
  const tokens = await app.db.transaction(async (tx) => {
    const revoked = await tx
      .update(externalUserToken)
      .set({ revokedAt: new Date() })
      .where(and(eq(externalUserToken.externalUserId, row.id), isNull(externalUserToken.revokedAt)))
      .returning({ id: externalUserToken.id });
    await tx.delete(integrationConnection).where(eq(integrationConnection.externalUserId, row.id));
    await tx.delete(externalUser).where(eq(externalUser.id, row.id));
    return revoked;
  });
  await auditExternalUser(app.db, scope, "external_user.deleted", row.externalId, {
    connectionsRevoked: connections.length,
    tokensRevoked: tokens.length,
  });
  await app.gateway.invalidateProject(scope.projectId);
  for (const provider of new Set(connections.map((connection) => connection.provider))) {
    await connectionChanged(app, scope.organizationId, provider);
  }
  return { id: row.externalId, connectionsRevoked: connections.length, tokensRevoked: tokens.length };
}
