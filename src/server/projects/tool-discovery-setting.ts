// The project's tool discovery setting (see gateway/tool-discovery.ts): who may change it is the same
// people who decide which tools agents get, and the change reaches the project's /mcp at once.
import { eq } from "drizzle-orm";
import type { App } from "../app.ts";
import { project } from "../db/schema/index.ts";
import type { ToolDiscovery } from "../gateway/tool-discovery.ts";
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
