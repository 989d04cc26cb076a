// The project's tool discovery setting (see gateway/catalogue/tool-discovery.ts): who may change it is the same
// people who decide which tools agents get, and the change reaches the project's /mcp at once.
import { eq } from "drizzle-orm";
import type { App } from "../app-services.ts";
import { project } from "../db/schema/index.ts";
import type { ToolDiscovery } from "../gateway/catalogue/tool-discovery.ts";
import { requireProjectAction } from "./access.ts";

export async function setToolDiscovery(app: App, userId: string, projectId: string, mode: ToolDiscovery) {
  await requireProjectAction(app.db, userId, projectId, "tools.configure");
  await app.db
    .update(project)
    .set({ toolDiscovery: mode, updatedAt: new Date() })
    .where(eq(project.id, projectId));
  await app.gateway.invalidateProject(projectId);
  return { projectId, toolDiscovery: mode };
}

/** How many tools a project may pin: beyond a few, listing them defeats tool search's purpose. */
export const MAX_PINNED_TOOLS = 20;

/**
 * The tools listed beside search_tools and call_tool when discovery is on (project-tools.ts): names
 * as the project's /mcp lists them, kept in the order given, each once.
 */
export async function setPinnedTools(app: App, userId: string, projectId: string, names: readonly string[]) {
  await requireProjectAction(app.db, userId, projectId, "tools.configure");
  const pinnedTools = [...new Set(names)];
  await app.db.update(project).set({ pinnedTools, updatedAt: new Date() }).where(eq(project.id, projectId));
  await app.gateway.invalidateProject(projectId);
  return { projectId, pinnedTools };
}
