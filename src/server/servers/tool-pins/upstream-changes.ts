// A remote MCP server's list changed under a cached project (upstream-tool-changes.ts): the projects
// with a server of it reload their tools on every replica, and the reload compares the new list with
// the pinned definitions (reconcile-pins.ts). Only on a change: an unchanged reload costs nothing here.
import { and, eq } from "drizzle-orm";
import type { App } from "../../app.ts";
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
  await Promise.all(projects.map((row) => app.gateway.invalidateProject(row.projectId)));
}

export function upstreamToolsChangedForServers(app: App, scope: EngineScope): void {
  reloadProjectsOf(app, scope).catch((error) => reportError(error, { where: "upstream-tool-changes" }));
}
