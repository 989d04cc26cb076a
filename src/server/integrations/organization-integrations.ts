// An organization's view of the 19 integrations: which are set up and how, with tool counts. A count
// is the number of tools the integration offers through the organization's active connection (what a
// project server of it would expose); 0 without one or while the engine cannot list them.
import { eq } from "drizzle-orm";
import { integrations } from "../../integrations/catalogue.ts";
import { providers } from "../../lib/integrations/providers.ts";
import type { AuthFlowType } from "../../lib/integrations/types.ts";
import type { App } from "../app.ts";
import { integrationCredential } from "../db/schema/index.ts";
import { requireOrganizationAction } from "../organizations/access.ts";
import { listIntegrationTools } from "../servers/server-tools.ts";
import { sharedConnectionRows } from "./connections/connection-store.ts";
import { platformCredentialFlows } from "./credentials/platform-credentials.ts";

/** Shorter than a server listing's limit: an overview should not wait long for one slow upstream. */
const COUNT_TIMEOUT_MS = 5000;

export async function getAllOrganizationIntegrationsWithToolCounts(
  app: App,
  userId: string,
  organizationId: string,
) {
  const { db } = app;
  await requireOrganizationAction(db, userId, organizationId, "integrations.view");
  const own = await db
    .select({ provider: integrationCredential.provider, authFlow: integrationCredential.authFlow })
    .from(integrationCredential)
    .where(eq(integrationCredential.organizationId, organizationId));
  const platform = await platformCredentialFlows(db);
  const connections = (await sharedConnectionRows(db, organizationId)).map(
    ({ provider, authFlow, status, statusReason }) => ({ provider, authFlow, status, statusReason }),
  );
  const activeProviders = new Set(connections.filter((c) => c.status === "active").map((c) => c.provider));
  const counts = new Map(
    await Promise.all(
      integrations
        .filter((entry) => activeProviders.has(entry.provider))
        .map(async (entry) => {
          const listing = await listIntegrationTools(
            app,
            { organizationId, integrationId: entry.id },
            COUNT_TIMEOUT_MS,
          );
          return [entry.id, listing.ok ? listing.tools.length : 0] as const;
        }),
    ),
  );
  return integrations.map((entry) => {
    const flowsOf = (rows: { provider: string; authFlow: AuthFlowType }[]) =>
      rows.filter((row) => row.provider === entry.provider).map((row) => row.authFlow);
    const organizationFlows = flowsOf(own);
    const platformFlows = flowsOf(platform);
    return {
      id: entry.id,
      name: entry.name,
      category: entry.category,
      logo: entry.logo,
      sourceType: entry.sourceType,
      provider: entry.provider,
      providerName: providers[entry.provider].name,
      authFlows: providers[entry.provider].authFlows,
      organizationFlows,
      platformFlows,
      /** Whether the organization can use it: its own credential, or Portico's for a flow it allows. */
      configured: organizationFlows.length > 0 || platformFlows.length > 0,
      /** The organization's connection to the provider (shared by its integrations), if any. */
      connection: connections.find((connection) => connection.provider === entry.provider) ?? null,
      toolCount: counts.get(entry.id) ?? 0,
    };
  });
}
