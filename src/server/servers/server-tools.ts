// The tools an integration offers, as the engine lists them, and how a project server names and runs
// them on /mcp. A listing never throws: a missing or broken connection or an unreachable upstream
// comes back as a reason, so one bad server cannot break a project's other tools. Which connection a
// call uses is the server's (a named or the default shared connection) or, in personal mode, the
// caller's own (server-connection.ts).
import { providers } from "../../lib/integrations/providers.ts";
import type { App } from "../app-services.ts";
import { type GatewayTool, toolError } from "../gateway/catalogue/tool-types.ts";
import { withConnectionsUrl } from "../gateway/input-requests/connection-needed.ts";
import { findChosenConnection } from "../integrations/connections/connection-choice.ts";
import { ConnectionUnavailableError } from "../integrations/connections/connection-errors.ts";
import type { EngineTarget, EngineTool, ListToolsOptions } from "../integrations/engine/engine.ts";
import { engineFor } from "../integrations/engine/engines.ts";
import { reportError } from "../observability/report-error.ts";
import { callChoice, connectPageFor, listingChoice } from "./server-connection.ts";
import { gatewayToolName, serverDisplayName } from "./server-names.ts";
import { integrationOf, type ServerRecord } from "./server-store.ts";
import type { HeldTool } from "./tool-pins/changed-fields.ts";
import { readPinState } from "./tool-pins/pin-store.ts";
import { type PinnedTool, reconcilePins } from "./tool-pins/reconcile-pins.ts";

export { defaultServerName, gatewayToolName, serverDisplayName } from "./server-names.ts";

/** Past this a listing counts as failed: tools/list of the whole project waits for the slowest server. */
export const LIST_TIMEOUT_MS = 10_000;

export type ToolListing = { ok: true; tools: EngineTool[] } | { ok: false; reason: string };

/**
 * A server's listing: for a remote MCP server, only tools whose definition is the accepted one (each
 * with its hash), and those held back for review (tool-pins/).
 */
export type ServerToolListing =
  | { ok: true; tools: (EngineTool | PinnedTool)[]; held: HeldTool[] }
  | { ok: false; reason: string };

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
  options: ListToolsOptions = {},
): Promise<ToolListing> {
  const { entry, provider, sourceType } = integrationOf(target.integrationId);
  const providerName = providers[provider].name;
  const choice = target.connection ?? { kind: "shared" };
  // Checked here rather than left to the engine: an engine whose document needs no connection would
  // otherwise list tools that can only fail. A personal-mode server lists its OpenAPI tools without
  // one (each caller connects their own); a remote MCP server lists with any member's.
  if (choice.kind !== "any-personal" || sourceType === "mcp") {
    const connection = await findChosenConnection(app.db, target.organizationId, provider, choice);
    if (!connection) {
      return {
        ok: false,
        reason:
          choice.kind === "any-personal"
            ? `No member has connected ${providerName} yet: its tools are listed once one has.`
            : `${providerName} is not connected.`,
      };
    }
    if (connection.status !== "active") {
      return {
        ok: false,
        reason: connection.statusReason ?? `The ${providerName} connection is ${connection.status}.`,
      };
    }
  }
  try {
    const tools = await withTimeout(
      engineFor(sourceType).listTools(app, target, options),
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

export async function listServerTools(
  app: App,
  server: ServerRecord,
  timeoutMs?: number,
): Promise<ServerToolListing> {
  const target: EngineTarget = {
    organizationId: server.organizationId,
    integrationId: server.integrationId,
    connection: listingChoice(server),
  };
  // Integration packs are Portico's own definitions, pinned by version (tool-pins/pack-versions.ts).
  if (integrationOf(server.integrationId).sourceType !== "mcp") {
    const listing = await listIntegrationTools(app, target, timeoutMs);
    return listing.ok ? { ...listing, held: [] } : listing;
  }
  const pins = await readPinState(app.db, server.id);
  const listing = await listIntegrationTools(app, target, timeoutMs, {
    ...(pins.lastWrite ? { freshSince: pins.lastWrite } : {}),
  });
  if (!listing.ok) return listing;
  try {
    return { ok: true, ...(await reconcilePins(app, server, listing.tools, pins)) };
  } catch (error) {
    // Offering tools unchecked would defeat the pins: the server offers none until the next listing.
    reportError(error, { where: "tool-pins" });
    const { entry } = integrationOf(server.integrationId);
    return {
      ok: false,
      reason: `Portico could not compare ${entry.name}'s tools with their recorded definitions.`,
    };
  }
}

/** An engine tool as the gateway runs it: the same object serves /mcp, /api/v1 and the playground. */
export function toGatewayTool(app: App, server: ServerRecord, tool: EngineTool | PinnedTool): GatewayTool {
  const { sourceType } = integrationOf(server.integrationId);
  const engine = engineFor(sourceType);
  const name = gatewayToolName(server.name, tool.name);
  const sharedTarget: EngineTarget = {
    organizationId: server.organizationId,
    integrationId: server.integrationId,
    connection: listingChoice(server),
  };
  const connectPage = connectPageFor(app, server);
  const pinnedHash = "pinnedHash" in tool ? tool.pinnedHash : undefined;
  return {
    name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
    annotations: tool.annotations,
    serverId: server.id,
    serverName: serverDisplayName(server),
    // A missing connection's error carries the page where the person connects it ("connect your account").
    run: async (args, context) => {
      let target = sharedTarget;
      if (server.connectionMode === "personal") {
        const choice = callChoice(server, context.principal, name);
        if ("refusal" in choice) return toolError(choice.refusal);
        target = { ...sharedTarget, connection: choice };
      }
      const result = await engine.callTool(
        app,
        target,
        tool.name,
        args,
        context.signal,
        context.trace,
        pinnedHash,
      );
      // An external user connects through the builder's app (a connect link), not a Portico page.
      if (context.principal.externalUserId) return result;
      return withConnectionsUrl(result, connectPage, server.connectionMode === "personal");
    },
  };
}
