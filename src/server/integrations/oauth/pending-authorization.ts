// The single-use state of an authorization under way (table integration_oauth_state), shared by the
// saved-app flow (start-oauth.ts) and remote MCP OAuth (remote-mcp/start-remote-mcp-oauth.ts).
import { lt } from "drizzle-orm";
import { providers } from "../../../lib/integrations/providers.ts";
import type { App } from "../../app.ts";
import { integrationOAuthState } from "../../db/schema/index.ts";
import { saveConnection } from "../connections/connection-store.ts";
import { findIntendedConnection, type ResolvedIntent } from "./connect-intent.ts";

const STATE_TTL_MS = 10 * 60 * 1000;

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
  const { organizationId, provider, userId } = values;
  const existing = await findIntendedConnection(app.db, { ...intent, organizationId, provider, userId });
  if (existing?.status === "active") return;
  await saveConnection(app.db, existing?.id ?? null, {
    organizationId,
    provider,
    ownerUserId: intent.intent === "personal" ? userId : null,
    authFlow: "oauth",
    status: "pending",
    statusReason: `Waiting for authorization at ${providers[provider].name}.`,
  });
}
