// One server's tools with their switches, as the servers page and the playground show them, and the
// switch itself. A tool is on unless switched off; switching reaches /mcp at once on every replica.
import { AppError } from "../../lib/errors.ts";
import type { App } from "../app-services.ts";
import { serverToolKey, toolSwitch } from "../db/schema/index.ts";
import { findProjectAccess, requireProjectAction } from "../projects/access.ts";
import { requireServerOf, SERVER_NOT_FOUND } from "./project-servers.ts";
import { disabledToolsOf, findServer, type ServerRecord } from "./server-store.ts";
import { gatewayToolName, listServerTools, serverDisplayName } from "./server-tools.ts";
import { describeChange } from "./tool-pins/pin-alert-text.ts";

async function toolsView(app: App, server: ServerRecord) {
  const [listing, disabled] = await Promise.all([
    listServerTools(app, server),
    disabledToolsOf(app.db, [server.id]),
  ]);
  const off = disabled.get(server.id) ?? new Set<string>();
  return {
    serverId: server.id,
    integrationId: server.integrationId,
    serverName: serverDisplayName(server),
    /** The server's short name, which prefixes its tools. */
    name: server.name,
    /** Why no tools are shown (connection broken, upstream unreachable); null when the listing worked. */
    problem: listing.ok ? null : listing.reason,
    tools: (listing.ok ? listing.tools : []).map((tool) => ({
      /** The name agents see on /mcp. */
      name: gatewayToolName(server.name, tool.name),
      /** The engine's own name, which the switch and the playground take. */
      toolName: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      readOnly: tool.annotations.readOnlyHint === true,
      destructive: tool.annotations.destructiveHint === true,
      enabled: !off.has(tool.name),
    })),
    /** Tools held back until an admin reviews the upstream's change (remote MCP servers). */
    held: listing.ok
      ? listing.held.map((tool) => ({
          name: gatewayToolName(server.name, tool.name),
          kind: tool.kind,
          summary: describeChange(tool),
        }))
      : [],
  };
}

export type ServerToolsView = Awaited<ReturnType<typeof toolsView>>;

export async function getServerTools(app: App, userId: string, projectId: string, serverId: string) {
  await requireProjectAction(app.db, userId, projectId, "project.view");
  return toolsView(app, await requireServerOf(app.db, projectId, serverId));
}

/** The same by server id alone (requirements §7 tools.getToolsForServer): the project comes from the server. */
export async function getToolsForServer(app: App, userId: string, serverId: string) {
  const server = await findServer(app.db, serverId);
  // The same answer whether the server does not exist or its project is not the caller's.
  if (!server || !(await findProjectAccess(app.db, server.projectId, userId))) {
    throw new AppError("NOT_FOUND", SERVER_NOT_FOUND);
  }
  return toolsView(app, server);
}

export async function setServerToolEnabled(
  app: App,
  userId: string,
  input: { projectId: string; serverId: string; toolName: string; enabled: boolean },
) {
  await requireProjectAction(app.db, userId, input.projectId, "tools.configure");
  const server = await requireServerOf(app.db, input.projectId, input.serverId);
  const listing = await listServerTools(app, server);
  if (!listing.ok) throw new AppError("BAD_REQUEST", listing.reason);
  if (!listing.tools.some((tool) => tool.name === input.toolName)) {
    throw new AppError("NOT_FOUND", `Unknown tool: ${input.toolName}`);
  }
  await app.db
    .insert(toolSwitch)
    .values({
      projectId: server.projectId,
      serverId: server.id,
      toolName: input.toolName,
      enabled: input.enabled,
    })
    .onConflictDoUpdate({ ...serverToolKey, set: { enabled: input.enabled, updatedAt: new Date() } });
  await app.gateway.invalidateProject(input.projectId);
  return { toolName: input.toolName, enabled: input.enabled };
}
