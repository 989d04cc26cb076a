// A connection's change (connected, reconnected, disconnected, re-checked, its credential removed)
// changes which tools the organization's project servers offer: their projects' cached tools are
// dropped on every replica, and the engines forget what they cached for it here.
import { and, eq, inArray } from "drizzle-orm";
import { integrationRegistry, integrationsOfProvider } from "../../integrations/registry.ts";
import { integrationIds } from "../../lib/integrations/ids.ts";
import type { ProviderId } from "../../lib/integrations/types.ts";
import type { App } from "../app-services.ts";
import { project, projectServer } from "../db/schema/index.ts";
import { engineFor } from "../integrations/engine/engines.ts";

/** `provider` omitted: any of the organization's connections may have changed. */
export async function connectionChanged(app: App, organizationId: string, provider?: ProviderId) {
  const affected = provider ? integrationsOfProvider(provider) : [...integrationIds];
  for (const integrationId of affected) {
    engineFor(integrationRegistry[integrationId].sourceType).forget({ organizationId, integrationId });
  }
  const projects = await app.db
    .selectDistinct({ projectId: projectServer.projectId })
    .from(projectServer)
    .innerJoin(project, eq(project.id, projectServer.projectId))
    .where(and(eq(project.organizationId, organizationId), inArray(projectServer.integrationId, affected)));
  await Promise.all(projects.map((row) => app.gateway.invalidateProject(row.projectId)));
}

/** A global credential's removal can end connections in every organization. */
export const globalConnectionsChanged = (app: App) => app.gateway.invalidateProject("*");
