// Standard tools per project: on by default; a tool_switch row without a server records a switch.
import { and, eq, isNull } from "drizzle-orm";
import { AppError } from "../../../../lib/errors.ts";
import type { Database } from "../../../db/client.ts";
import { standardToolKey, toolSwitch } from "../../../db/schema/index.ts";
import { requireProjectAction } from "../../../projects/access.ts";
import type { ToolSource } from "../project-tools.ts";
import { standardTools } from "./index.ts";

async function switchesOf(db: Database, projectId: string): Promise<Map<string, boolean>> {
  const rows = await db
    .select({ toolName: toolSwitch.toolName, enabled: toolSwitch.enabled })
    .from(toolSwitch)
    .where(and(eq(toolSwitch.projectId, projectId), isNull(toolSwitch.serverId)));
  return new Map(rows.map((row) => [row.toolName, row.enabled]));
}

export const standardToolSource: ToolSource = async (db, projectId) => {
  const switches = await switchesOf(db, projectId);
  return standardTools.filter((tool) => switches.get(tool.name) ?? true);
};

export interface StandardToolSetting {
  name: string;
  title: string;
  description: string;
  readOnly: boolean;
  enabled: boolean;
  /** For the playground's form. */
  inputSchema: Record<string, unknown>;
}

/** App, narrowed: the gateway imports this file, and App names the gateway's type. */
interface SwitchServices {
  db: Database;
  gateway: { invalidateProject(projectId: string): Promise<void> };
}

export async function listStandardToolSettings(
  app: Pick<SwitchServices, "db">,
  userId: string,
  projectId: string,
): Promise<StandardToolSetting[]> {
  await requireProjectAction(app.db, userId, projectId, "project.view");
  const switches = await switchesOf(app.db, projectId);
  return standardTools.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    readOnly: tool.annotations.readOnlyHint === true,
    enabled: switches.get(tool.name) ?? true,
    inputSchema: tool.inputSchema as Record<string, unknown>,
  }));
}

export async function setStandardToolEnabled(
  app: SwitchServices,
  userId: string,
  projectId: string,
  toolName: string,
  enabled: boolean,
): Promise<void> {
  await requireProjectAction(app.db, userId, projectId, "tools.configure");
  if (!standardTools.some((tool) => tool.name === toolName)) {
    throw new AppError("NOT_FOUND", `Unknown standard tool: ${toolName}`);
  }
  await app.db
    .insert(toolSwitch)
    .values({ projectId, serverId: null, toolName, enabled })
    .onConflictDoUpdate({ ...standardToolKey, set: { enabled, updatedAt: new Date() } });
  await app.gateway.invalidateProject(projectId);
}
