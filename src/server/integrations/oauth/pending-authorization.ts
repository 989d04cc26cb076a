// The single-use state of an authorization under way (table integration_oauth_state), shared by the
// saved-app flow (start-oauth.ts) and remote MCP OAuth (remote-mcp/start-remote-mcp-oauth.ts).
import { and, eq, isNull, lt } from "drizzle-orm";
import { providers } from "../../../lib/integrations/providers.ts";
import type { App } from "../../app-services.ts";
import type { Database } from "../../db/client.ts";
import { integrationConnection, integrationOAuthState } from "../../db/schema/index.ts";
import { saveConnection } from "../connections/connection-store.ts";
import { findIntendedConnection, type ResolvedIntent } from "./connect-intent.ts";
import type { PendingRemoteClient } from "./remote-mcp/pending-client.ts";

/**
 * The client an authorization starts as: the organization's or Portico's saved OAuth app (start-oauth.ts),
 * or one registered at a remote MCP server's authorization server (remote-mcp/start-remote-mcp-oauth.ts).
 */
export interface AuthorizationClient {
  /** The provider's authorization endpoint, without the request's parameters yet. */
  authorizeUrl: URL;
  clientId: string;
  redirectUri: string;
  /** The scopes to ask for, as the provider separates them; none asked for when undefined. */
  scope: string | undefined;
  pkce: boolean;
  /** The saved app's credential; null for a registered client. */
  credentialId: string | null;
  /** A registered client with its discovered endpoints, sealed into the state for the callback. */
  registeredClient?: PendingRemoteClient;
  /** Set after the standard parameters: a remote MCP server's `resource`, a provider's extras. */
  extraParams: Record<string, string>;
}

export const STATE_TTL_MS = 10 * 60 * 1000;

type StateValues = Omit<
  typeof integrationOAuthState.$inferInsert,
  "expiresAt" | "createdAt" | "intent" | "connectionId" | "returnTo"
>;

/**
 * Stores the single-use state of an authorization under way (sweeping expired ones: abandoned
 * authorizations are swept here rather than by a background job) and marks the connection it makes
 * pending, unless a working connection keeps working while its reconnection is under way. Another
 * shared connection appears only once it is made: an abandoned one leaves nothing behind.
 */
export async function rememberAuthorization(app: App, intent: ResolvedIntent, values: StateValues) {
  await app.db.delete(integrationOAuthState).where(lt(integrationOAuthState.expiresAt, new Date()));
  await app.db.insert(integrationOAuthState).values({
    ...values,
    intent: intent.intent,
    connectionId: intent.connectionId,
    returnTo: intent.returnTo,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  if (intent.intent === "another") return;
  const { organizationId, provider } = values;
  const userId = values.userId ?? null;
  const externalUserId = intent.intent === "external" ? (intent.externalUserId ?? null) : null;
  const existing = await findIntendedConnection(app.db, {
    ...intent,
    organizationId,
    provider,
    userId,
    externalUserId,
  });
  if (existing?.status === "active") return;
  await saveConnection(app.db, existing?.id ?? null, {
    organizationId,
    provider,
    ownerUserId: intent.intent === "personal" ? userId : null,
    externalUserId,
    authFlow: "oauth",
    status: "pending",
    statusReason: `Waiting for authorization at ${providers[provider].name}.`,
  });
}

/** The reason an authorization that never came back ends with. */
export const abandonedAuthorizationReason = (providerName: string) =>
  `The authorization at ${providerName} was not completed within ${STATE_TTL_MS / 60_000} minutes (nobody came back from its sign-in page, or it could not be reached). Connect again.`;

/**
 * A connection left "pending" by an authorization that never came back (its state has expired, so the
 * callback can no longer complete it) turns to "error" with the reason: it otherwise said "Waiting for
 * authorization" forever. Only connections holding no tokens: a connected one waiting for a choice
 * (an Atlassian site) keeps waiting. Run where an organization's connections are listed.
 */
export async function expireAbandonedAuthorizations(db: Database, organizationId: string, now = new Date()) {
  const stale = await db
    .select({ id: integrationConnection.id, provider: integrationConnection.provider })
    .from(integrationConnection)
    .where(
      and(
        eq(integrationConnection.organizationId, organizationId),
        eq(integrationConnection.status, "pending"),
        eq(integrationConnection.authFlow, "oauth"),
        isNull(integrationConnection.tokens),
        lt(integrationConnection.updatedAt, new Date(now.getTime() - STATE_TTL_MS)),
      ),
    );
  for (const row of stale) {
    // Still pending when written: a callback completing it meanwhile wins.
    await db
      .update(integrationConnection)
      .set({
        status: "error",
        statusReason: abandonedAuthorizationReason(providers[row.provider].name),
        updatedAt: now,
      })
      .where(and(eq(integrationConnection.id, row.id), eq(integrationConnection.status, "pending")));
  }
}
