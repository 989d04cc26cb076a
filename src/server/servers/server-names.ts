// How a project server and its tools are named: on /mcp, in the call log and in mails.
import type { IntegrationId } from "../../lib/integrations/types.ts";
import { integrationOf, type ServerRecord } from "./server-store.ts";

/** `<server name>_<engine tool name>`: unique in a project, [a-z0-9_]{1,64}. */
export const gatewayToolName = (serverName: string, toolName: string) => `${serverName}_${toolName}`;

/** A server's name when none is given: the integration id with "-" as "_" (every server's before names). */
export const defaultServerName = (integrationId: IntegrationId) => integrationId.replaceAll("-", "_");

/** How the call log and tool lists name a server: the integration, and the server's name when it has its own. */
export function serverDisplayName(server: Pick<ServerRecord, "integrationId" | "name">): string {
  const { entry } = integrationOf(server.integrationId);
  return server.name === defaultServerName(server.integrationId)
    ? entry.name
    : `${entry.name} (${server.name})`;
}
