// The tools an integration offers an organization, as the engine lists them, and how they are named
// and run on a project's /mcp. A listing never throws: a missing or broken connection or an
// unreachable upstream comes back as a reason, so one bad server cannot break a project's other tools.
import { providers } from "../../lib/integrations/providers.ts";
import type { IntegrationId } from "../../lib/integrations/types.ts";
import type { App } from "../app.ts";
import { withConnectionsUrl } from "../gateway/connection-needed.ts";
import type { GatewayTool } from "../gateway/tool-types.ts";
import { ConnectionUnavailableError } from "../integrations/connections/access-token.ts";
import { findConnection } from "../integrations/connections/connection-store.ts";
import type { EngineTarget, EngineTool } from "../integrations/engine/engine.ts";
import { engineFor } from "../integrations/engine/engines.ts";
import { integrationOf, type ServerRecord } from "./server-store.ts";

/** Past this a listing counts as failed: tools/list of the whole project waits for the slowest server. */
export const LIST_TIMEOUT_MS = 10_000;

export type ToolListing = { ok: true; tools: EngineTool[] } | { ok: false; reason: string };

/** `<integration id with - as _>_<engine tool name>`: unique in a project, [a-z0-9_]{1,64}. */
export const gatewayToolName = (integrationId: IntegrationId, toolName: string) =>
  `${integrationId.replaceAll("-", "_")}_${toolName}`;

function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

export async function listIntegrationTools(
  app: App,
  target: EngineTarget,
  timeoutMs = LIST_TIMEOUT_MS,
): Promise<ToolListing> {
  const { entry, provider, sourceType } = integrationOf(target.integrationId);
  const providerName = providers[provider].name;
  // Checked here rather than left to the engine: an engine whose document needs no connection would
  // otherwise list tools that can only fail.
  const connection = await findConnection(app.db, target.organizationId, provider);
  if (!connection) return { ok: false, reason: `${providerName} is not connected.` };
  if (connection.status !== "active") {
    return {
      ok: false,
      reason: connection.statusReason ?? `The ${providerName} connection is ${connection.status}.`,
    };
  }
  try {
    const tools = await withTimeout(
      engineFor(sourceType).listTools(app, target),
      timeoutMs,
      `${entry.name} did not list its tools within ${timeoutMs / 1000} seconds.`,
    );
    return { ok: true, tools };
  } catch (error) {
    if (error instanceof ConnectionUnavailableError) return { ok: false, reason: error.reason };
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `${entry.name} could not list its tools: ${reason}` };
  }
}

export const listServerTools = (app: App, server: ServerRecord, timeoutMs?: number) =>
  listIntegrationTools(
    app,
    { organizationId: server.organizationId, integrationId: server.integrationId },
    timeoutMs,
  );

/** An engine tool as the gateway runs it: the same object serves /mcp, /api/v1 and the playground. */
export function toGatewayTool(app: App, server: ServerRecord, tool: EngineTool): GatewayTool {
  const { entry, sourceType } = integrationOf(server.integrationId);
  const engine = engineFor(sourceType);
  const target: EngineTarget = { organizationId: server.organizationId, integrationId: server.integrationId };
  return {
    name: gatewayToolName(server.integrationId, tool.name),
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
    annotations: tool.annotations,
    serverId: server.id,
    serverName: entry.name,
    // A missing connection's error carries the page where the person connects it ("connect your account").
    run: async (args, context) =>
      withConnectionsUrl(
        await engine.callTool(app, target, tool.name, args, context.signal, context.trace),
        `${app.config.baseUrl}/app/organization/${server.organizationId}/integrations`,
      ),
  };
}
