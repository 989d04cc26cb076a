// Connection rows: tokens sealed on the way in, never in a view on the way out. The tokens' encryption
// context is whose they are: the organization and provider, and the owner of a personal connection, so
// a personal connection's ciphertext copied to another person's row does not decrypt. (Shared
// connections keep the context they had when one per provider was the rule: their rows stay readable.)
import { and, asc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { providers } from "../../../lib/integrations/providers.ts";
import type { ConnectionStatus, ProviderId } from "../../../lib/integrations/types.ts";
import { Keyring } from "../../crypto/envelope.ts";
import type { Database } from "../../db/client.ts";
import { integrationConnection } from "../../db/schema/index.ts";
import { findChosenConnection, SHARED_CONNECTION, sharedOnly } from "./connection-choice.ts";
import { storedReason } from "./status-reason.ts";

export type ConnectionRow = typeof integrationConnection.$inferSelect;
type NewConnection = typeof integrationConnection.$inferInsert;

export interface StoredTokens {
  accessToken: string;
  refreshToken?: string;
  /** The account's own API host from the token answer (Pipedrive's api_domain). */
  apiDomain?: string;
  /** The connection's own OAuth client, when it has one instead of a saved OAuth app (remote MCP). */
  client?: RegisteredClient;
}

/**
 * A client registered for one connection at the authorization server a remote MCP server names (MCP
 * authorization spec: dynamic client registration or a client ID metadata document), with that
 * server's token endpoint from its metadata and the MCP server as the token's resource (RFC 8707).
 * Refreshes use it instead of the provider's configured token URL and saved OAuth app.
 */
export interface RegisteredClient {
  clientId: string;
  /** Absent for public clients (token_endpoint_auth_method "none"). */
  clientSecret?: string;
  tokenUrl: string;
  resource?: string;
  /** The authorization server's revocation_endpoint (RFC 7009), used on disconnect. */
  revokeUrl?: string;
}

/** Whose tokens they are: the parts of a connection its tokens' encryption context is made of. */
export type TokenOwner = Pick<ConnectionRow, "organizationId" | "provider" | "ownerUserId"> &
  Partial<Pick<ConnectionRow, "externalUserId">>;

export const tokensContext = ({ organizationId, provider, ownerUserId, externalUserId }: TokenOwner) =>
  externalUserId
    ? `integration_connection:${organizationId}:${provider}:external:${externalUserId}:tokens`
    : ownerUserId
      ? `integration_connection:${organizationId}:${provider}:${ownerUserId}:tokens`
      : `integration_connection:${organizationId}:${provider}:tokens`;

export function sealTokens(keyring: Keyring, owner: TokenOwner, tokens: StoredTokens) {
  const sealed = keyring.encrypt(JSON.stringify(tokens), tokensContext(owner));
  return { tokens: sealed, tokensKeyId: Keyring.keyIdOf(sealed) ?? keyring.currentKeyId };
}

export function openTokens(keyring: Keyring, row: ConnectionRow): StoredTokens | null {
  if (!row.tokens) return null;
  return JSON.parse(keyring.decrypt(row.tokens, tokensContext(row))) as StoredTokens;
}

/** How people see a connection named: the label given to it, else the account it reaches, else the provider. */
export const connectionDisplayName = (
  row: Pick<ConnectionRow, "label" | "accountLabel" | "provider" | "account">,
) =>
  row.label ?? row.accountLabel ?? row.account?.site?.name ?? providers[row.provider]?.name ?? row.provider;

/** How the audit log names a connection: the provider, and the account or label when there is one. */
export function connectionAuditLabel(row: Parameters<typeof connectionDisplayName>[0]): string {
  const provider = providers[row.provider]?.name ?? row.provider;
  const shown = connectionDisplayName(row);
  return shown === provider ? provider : `${provider}: ${shown}`;
}

export function connectionView(row: ConnectionRow) {
  return {
    id: row.id,
    provider: row.provider,
    providerName: providers[row.provider]?.name ?? row.provider,
    /** The member whose personal connection it is; null for the organization's shared connections. */
    ownerUserId: row.ownerUserId,
    label: row.label,
    accountLabel: row.accountLabel,
    displayName: connectionDisplayName(row),
    authFlow: row.authFlow,
    status: row.status,
    statusReason: row.statusReason,
    credentialScope: row.credentialScope,
    scopes: row.scopes,
    /** The provider site the connection uses and the ones it could (names and addresses, not secret). */
    account: row.account,
    accessTokenExpiresAt: row.accessTokenExpiresAt,
    connectedAt: row.connectedAt,
    lastRefreshedAt: row.lastRefreshedAt,
    updatedAt: row.updatedAt,
  };
}
export type ConnectionView = ReturnType<typeof connectionView>;

/** Condition: the personal connections of the organization's members. */
export const personalConnectionsOf = (organizationId: string) =>
  and(eq(integrationConnection.organizationId, organizationId), isNotNull(integrationConnection.ownerUserId));

/** The organization's shared connections, in the order servers fall back on them (first is the default). */
export async function listSharedConnections(db: Database, organizationId: string) {
  return (await sharedConnectionRows(db, organizationId)).map(connectionView);
}

/** The same rows as they are stored (for server code; never sent to a browser: they hold sealed tokens). */
export function sharedConnectionRows(db: Database, organizationId: string): Promise<ConnectionRow[]> {
  return db
    .select()
    .from(integrationConnection)
    .where(and(eq(integrationConnection.organizationId, organizationId), ...sharedOnly))
    .orderBy(
      asc(integrationConnection.provider),
      asc(integrationConnection.createdAt),
      asc(integrationConnection.id),
    );
}

/** The organization's default shared connection to a provider (its first), as servers without one named use. */
export async function findConnection(db: Database, organizationId: string, provider: ProviderId) {
  return findChosenConnection(db, organizationId, provider, SHARED_CONNECTION);
}

/** Creates or replaces the organization's default shared connection to a provider. */
export async function upsertConnection(
  db: Database,
  values: Omit<NewConnection, "id" | "ownerUserId" | "createdAt" | "updatedAt">,
): Promise<ConnectionRow> {
  const existing = await findConnection(db, values.organizationId, values.provider);
  return saveConnection(db, existing?.id ?? null, values);
}

/** The organization's shared connection that reaches this provider account, if one does. */
export async function findSharedConnectionOfAccount(
  db: Database,
  organizationId: string,
  provider: ProviderId,
  accountId: string,
): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(integrationConnection)
    .where(
      and(
        eq(integrationConnection.organizationId, organizationId),
        eq(integrationConnection.provider, provider),
        ...sharedOnly,
        eq(integrationConnection.accountId, accountId),
      ),
    );
  return row;
}

export async function findConnectionById(db: Database, id: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(integrationConnection).where(eq(integrationConnection.id, id));
  return row;
}

/**
 * Writes a connection: updates `existingId`'s row, or inserts a new one (with `values.id` when the
 * caller sealed tokens for it already). Owner, organization and provider never change on update.
 */
export async function saveConnection(
  db: Database,
  existingId: string | null,
  values: Omit<NewConnection, "createdAt" | "updatedAt">,
): Promise<ConnectionRow> {
  const now = new Date();
  // Working again: the next breakage is a new one, and e-mails its owner, or owners and admins, again.
  const repaired = values.status === "active" ? { errorAlertedAt: null } : {};
  const reason = values.statusReason ? { statusReason: storedReason(values.statusReason) } : {};
  if (existingId) {
    const {
      organizationId: _o,
      provider: _p,
      ownerUserId: _u,
      externalUserId: _e,
      id: _id,
      ...changes
    } = values;
    const [row] = await db
      .update(integrationConnection)
      .set({ ...changes, ...reason, ...repaired, updatedAt: now })
      .where(eq(integrationConnection.id, existingId))
      .returning();
    if (row) return row;
  }
  const [row] = await db
    .insert(integrationConnection)
    .values({ ...values, ...reason, updatedAt: now })
    .returning();
  if (!row) throw new Error("connection insert returned no row");
  return row;
}

type StatusExtra = Partial<
  Pick<
    NewConnection,
    "tokens" | "tokensKeyId" | "accessTokenExpiresAt" | "account" | "accountLabel" | "accountId"
  >
>;

/** For "error", use connection-alerts.ts's markConnectionBroken, which also tells owners and admins. */
export async function setConnectionStatus(
  db: Database,
  id: string,
  status: Exclude<ConnectionStatus, "error">,
  statusReason: string | null,
  extra: StatusExtra = {},
) {
  await db
    .update(integrationConnection)
    .set({
      status,
      statusReason: storedReason(statusReason),
      updatedAt: new Date(),
      // Working again: the next breakage is a new one, and e-mails owners and admins again.
      ...(status === "active" ? { errorAlertedAt: null } : {}),
      ...extra,
    })
    .where(eq(integrationConnection.id, id));
}

/**
 * Puts the connection in error. Returns true when this write is the breakage (it was active or pending,
 * not yet alerted) and so claimed the one alert: the conditional update takes the row lock, and a
 * concurrent writer re-reads the row after it, finds "error" and does the plain update instead.
 */
export async function setConnectionError(
  db: Database,
  id: string,
  statusReason: string,
  extra: StatusExtra = {},
): Promise<boolean> {
  const now = new Date();
  const reason = storedReason(statusReason);
  const claimed = await db
    .update(integrationConnection)
    .set({ status: "error", statusReason: reason, updatedAt: now, errorAlertedAt: now, ...extra })
    .where(
      and(
        eq(integrationConnection.id, id),
        inArray(integrationConnection.status, ["active", "pending"]),
        isNull(integrationConnection.errorAlertedAt),
      ),
    )
    .returning({ id: integrationConnection.id });
  if (claimed.length > 0) return true;
  await db
    .update(integrationConnection)
    .set({ status: "error", statusReason: reason, updatedAt: now, ...extra })
    .where(eq(integrationConnection.id, id));
  return false;
}

/** When credentials go away, connections that used them cannot work (or refresh) any more. */
export async function deactivateConnectionsUsing(db: Database, credentialId: string) {
  await db
    .update(integrationConnection)
    .set({
      status: "inactive",
      statusReason: "The credentials this connection used were removed.",
      tokens: null,
      tokensKeyId: null,
      accessTokenExpiresAt: null,
      updatedAt: new Date(),
    })
    .where(eq(integrationConnection.credentialId, credentialId));
}
