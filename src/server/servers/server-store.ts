// Reading project servers with what every caller needs beside the row: the project's organization
// (whose connection the server uses) and the integration's catalogue entry.
import { and, asc, eq, inArray } from "drizzle-orm";
import { integrationRegistry } from "../../integrations/registry.ts";
import type { IntegrationId } from "../../lib/integrations/types.ts";
import type { ServerConnectionMode } from "../../lib/validation.ts";
import type { Database } from "../db/client.ts";
import { project, projectServer, toolSwitch } from "../db/schema/index.ts";

export interface ServerRecord {
  id: string;
  projectId: string;
  organizationId: string;
  integrationId: IntegrationId;
  /** The tools' prefix (unique in the project). */
  name: string;
  connectionMode: ServerConnectionMode;
  /** The shared connection it names; null: the organization's default shared connection. */
  connectionId: string | null;
  createdAt: Date;
}

const columns = {
  id: projectServer.id,
  projectId: projectServer.projectId,
  organizationId: project.organizationId,
  integrationId: projectServer.integrationId,
  name: projectServer.name,
  connectionMode: projectServer.connectionMode,
  connectionId: projectServer.connectionId,
  createdAt: projectServer.createdAt,
};

export async function serversOfProject(db: Database, projectId: string): Promise<ServerRecord[]> {
  const rows = await db
    .select(columns)
    .from(projectServer)
    .innerJoin(project, eq(project.id, projectServer.projectId))
    .where(eq(projectServer.projectId, projectId))
    .orderBy(asc(projectServer.createdAt), asc(projectServer.id));
  // A row whose integration left the catalogue is ignored rather than breaking the project.
  return rows.filter((row) => row.integrationId in integrationRegistry);
}

export async function findServer(db: Database, serverId: string): Promise<ServerRecord | null> {
  const [row] = await db
    .select(columns)
    .from(projectServer)
    .innerJoin(project, eq(project.id, projectServer.projectId))
    .where(eq(projectServer.id, serverId));
  return row && row.integrationId in integrationRegistry ? row : null;
}

/** Per server, the engine names of the tools switched off (tools are on by default). */
export async function disabledToolsOf(db: Database, serverIds: string[]): Promise<Map<string, Set<string>>> {
  const disabled = new Map<string, Set<string>>(serverIds.map((id) => [id, new Set()]));
  if (serverIds.length === 0) return disabled;
  const rows = await db
    .select({ serverId: toolSwitch.serverId, toolName: toolSwitch.toolName })
    .from(toolSwitch)
    .where(and(inArray(toolSwitch.serverId, serverIds), eq(toolSwitch.enabled, false)));
  for (const row of rows) if (row.serverId) disabled.get(row.serverId)?.add(row.toolName);
  return disabled;
}

export const integrationOf = (integrationId: IntegrationId) => integrationRegistry[integrationId];
