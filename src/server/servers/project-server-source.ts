// The gateway's ToolSource for project servers: every enabled tool of every server whose listing
// succeeds. A server that cannot list (connection broken, upstream unreachable) is skipped and logged;
// the project's cached tools are then dropped here after a while so the server is tried again.
import type { App } from "../app-services.ts";
import type { ToolSource } from "../gateway/catalogue/project-tools.ts";
import type { GatewayTool } from "../gateway/catalogue/tool-types.ts";
import { disabledToolsOf, integrationOf, serversOfProject } from "./server-store.ts";
import { listServerTools, toGatewayTool } from "./server-tools.ts";

export const RETRY_FAILED_SERVERS_MS = 30_000;

/** `getApp` because the gateway is built before the App that holds it exists. */
export function projectServerToolSource(getApp: () => App): ToolSource {
  return async (db, projectId) => {
    const servers = await serversOfProject(db, projectId);
    if (servers.length === 0) return [];
    const app = getApp();
    const [disabled, listings] = await Promise.all([
      disabledToolsOf(
        db,
        servers.map((server) => server.id),
      ),
      Promise.all(servers.map((server) => listServerTools(app, server))),
    ]);
    const tools: GatewayTool[] = [];
    let failed = false;
    servers.forEach((server, index) => {
      const listing = listings[index];
      if (!listing) return;
      if (!listing.ok) {
        failed = true;
        const name = integrationOf(server.integrationId).entry.name;
        console.warn(`[gateway] ${name} server of project ${projectId} skipped: ${listing.reason}`);
        return;
      }
      const off = disabled.get(server.id);
      for (const tool of listing.tools) {
        if (!off?.has(tool.name)) tools.push(toGatewayTool(app, server, tool));
      }
    });
    if (failed) {
      // Only this replica's entry: every replica whose listing failed schedules its own retry.
      setTimeout(() => app.gateway.tools.forgetProject(projectId), RETRY_FAILED_SERVERS_MS).unref();
    }
    return tools;
  };
}
