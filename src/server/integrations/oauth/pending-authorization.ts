// The single-use state of an authorization under way (table integration_oauth_state), shared by the
// saved-app flow (start-oauth.ts) and remote MCP OAuth (remote-mcp/start-remote-mcp-oauth.ts).
import { lt } from "drizzle-orm";
import { providers } from "../../../lib/integrations/providers.ts";
import type { App } from "../../app.ts";
import { integrationOAuthState } from "../../db/schema/index.ts";
import { findConnection, upsertConnection } from "../connections/connection-store.ts";

const STATE_TTL_MS = 10 * 60 * 1000;

/**
 * Stores the single-use state of an authorization under way (sweeping expired ones: abandoned
 * authorizations are swept here rather than by a background job) and marks the connection pending,
 * unless a working connection keeps working while its reconnection is under way.
 */
export async function rememberAuthorization(
  app: App,
  values: Omit<typeof integrationOAuthState.$inferInsert, "expiresAt" | "createdAt">,
) {
  await app.db.delete(integrationOAuthState).where(lt(integrationOAuthState.expiresAt, new Date()));
  await app.db
    .insert(integrationOAuthState)
    .values({ ...values, expiresAt: new Date(Date.now() + STATE_TTL_MS) });
  const existing = await findConnection(app.db, values.organizationId, values.provider);
  if (existing?.status !== "active") {
    await upsertConnection(app.db, {
      organizationId: values.organizationId,
      provider: values.provider,
      authFlow: "oauth",
      status: "pending",
      statusReason: `Waiting for authorization at ${providers[values.provider].name}.`,
    });
  }
}
