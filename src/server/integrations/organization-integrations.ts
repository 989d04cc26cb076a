// An organization's view of the 19 integrations: which are set up and how, with tool counts. A count
// is the number of tools a project server of it would expose: Portico's own tools from the registry,
// known without a connection; a remote MCP server's only through an active connection, otherwise null
// (a 0 there read as "this integration has no tools").
import { eq } from "drizzle-orm";
import { integrations } from "../../integrations/catalogue.ts";
import { providers } from "../../lib/integrations/providers.ts";
import type { AuthFlowType } from "../../lib/integrations/types.ts";
import type { App } from "../app-services.ts";
import { integrationCredential } from "../db/schema/index.ts";
import { requireOrganizationAction } from "../organizations/access.ts";
import { listIntegrationTools } from "../servers/server-tools.ts";
import { sharedConnectionRows } from "./connections/connection-store.ts";
import { platformCredentialFlows } from "./credentials/platform-credentials.ts";
import { registryTools } from "./registry-tools.ts";

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
  const counts = new Map<string, number | null>(
    integrations.map((entry) => [entry.id, registryTools(entry.id)?.length ?? null]),
  );
  const listed = new Map(
    await Promise.all(
      integrations
        .filter((entry) => counts.get(entry.id) === null && activeProviders.has(entry.provider))
        .map(async (entry) => {
          const listing = await listIntegrationTools(
            app,
            { organizationId, integrationId: entry.id },
            COUNT_TIMEOUT_MS,
          );
          return [entry.id, listing.ok ? listing.tools.length : null] as const;
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
      /** Tools a server of it offers; null while they cannot be known (a remote MCP server not connected). */
      toolCount: counts.get(entry.id) ?? listed.get(entry.id) ?? null,
    };
  });
}
