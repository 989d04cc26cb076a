// What an endpoint's project and agent filters can name: the organization's projects and their agents.
import { asc, eq } from "drizzle-orm";
import type { App } from "../app-services.ts";
import { project, projectAgent } from "../db/schema/index.ts";
import type { WebhookScope } from "./endpoints.ts";

export async function webhookFilterOptions(app: App, scope: WebhookScope) {
  const projects = await app.db
    .select({ id: project.id, name: project.name })
    .from(project)
    .where(eq(project.organizationId, scope.organizationId))
    .orderBy(asc(project.name));
  const agents = await app.db
    .select({ id: projectAgent.id, name: projectAgent.name, projectId: projectAgent.projectId })
    .from(projectAgent)
    .innerJoin(project, eq(project.id, projectAgent.projectId))
    .where(eq(project.organizationId, scope.organizationId))
    .orderBy(asc(projectAgent.name));
  return { projects, agents };
}
