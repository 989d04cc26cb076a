// An organization's view of the 19 integrations: which are set up and how, with tool counts.
// Tool counts come from project servers, which this branch does not build yet: every count is 0 until
// the project-servers work fills them in (documented in ARCHITECTURE.md).
import { eq } from "drizzle-orm";
import { integrations } from "../../lib/integrations/integrations.ts";
import { providers } from "../../lib/integrations/providers.ts";
import type { AuthFlowType } from "../../lib/integrations/types.ts";
import type { Database } from "../db/client.ts";
import { integrationConnection, integrationCredential } from "../db/schema/index.ts";
import { requireOrganizationAction } from "../organizations/access.ts";
import { platformCredentialFlows } from "./credentials/platform-credentials.ts";

export async function getAllOrganizationIntegrationsWithToolCounts(
  db: Database,
  userId: string,
  organizationId: string,
) {
  await requireOrganizationAction(db, userId, organizationId, "integrations.view");
  const own = await db
    .select({ provider: integrationCredential.provider, authFlow: integrationCredential.authFlow })
    .from(integrationCredential)
    .where(eq(integrationCredential.organizationId, organizationId));
  const platform = await platformCredentialFlows(db);
  const connections = await db
    .select({
      provider: integrationConnection.provider,
      authFlow: integrationConnection.authFlow,
      status: integrationConnection.status,
      statusReason: integrationConnection.statusReason,
    })
    .from(integrationConnection)
    .where(eq(integrationConnection.organizationId, organizationId));
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
      toolCount: 0,
    };
  });
}
