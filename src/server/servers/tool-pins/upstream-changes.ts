// A remote MCP server's list changed under a cached project (upstream-tool-changes.ts): the projects
// with a server of it reload their tools on every replica, and the reload compares the new list with
// the pinned definitions (reconcile-pins.ts); this replica reloads them at once. Only on a change: an
// unchanged reload costs nothing here.
import { and, eq } from "drizzle-orm";
import type { App } from "../../app-services.ts";
import { project, projectServer } from "../../db/schema/index.ts";
import type { EngineScope } from "../../integrations/engine/engine.ts";
import { reportError } from "../../observability/report-error.ts";

async function reloadProjectsOf(app: App, scope: EngineScope) {
  const projects = await app.db
    .selectDistinct({ projectId: projectServer.projectId })
    .from(projectServer)
    .innerJoin(project, eq(project.id, projectServer.projectId))
    .where(
      and(
        eq(project.organizationId, scope.organizationId),
        eq(projectServer.integrationId, scope.integrationId),
      ),
    );
  // Reloaded here at once rather than on the next agent's request, so a change is recorded and mailed
  // even while no agent lists tools.
  await Promise.all(
    projects.map(async (row) => {
      await app.gateway.invalidateProject(row.projectId);
      await app.gateway.tools.toolsFor(row.projectId);
    }),
  );
}

export function upstreamToolsChangedForServers(app: App, scope: EngineScope): void {
  reloadProjectsOf(app, scope).catch((error) => reportError(error, { where: "upstream-tool-changes" }));
}
