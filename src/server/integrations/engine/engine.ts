// How a project server's tools come to be and run, whatever the integration's source type: an OpenAPI
// document executed over HTTP (openapi/) or a remote MCP server proxied (mcp-proxy/). Project servers
// (src/server/servers) only talk to this interface; engines.ts picks the engine for a source type.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { IntegrationId } from "../../../lib/integrations/types.ts";
import type { App } from "../../app-services.ts";
import type { ToolDescription } from "../../gateway/catalogue/tool-types.ts";
import type { CallTrace } from "../../observability/call-trace.ts";
import type { ConnectionChoice } from "../connections/connection-choice.ts";

/** Whose connection a call uses: one of the organization's connections to the integration's provider. */
export interface EngineTarget {
  organizationId: string;
  integrationId: IntegrationId;
  /**
   * Which of them (connections/connection-choice.ts); absent: the organization's default shared one.
   * Engines never pick one themselves.
   */
  connection?: ConnectionChoice;
}

/** What an engine drops its caches for: every connection of an organization's integration. */
export type EngineScope = Pick<EngineTarget, "organizationId" | "integrationId">;

/**
 * A tool as an engine defines it. `name` is bare (no integration prefix), matches [a-z0-9_]{1,40} and is
 * unique within the integration; project servers prefix it with the integration id to keep names unique
 * in a project.
 */
export type EngineTool = ToolDescription;

export interface ListToolsOptions {
  /**
   * A list an engine cached before this moment is read again (a pinned definition was written since:
   * servers/tool-pins/ must not compare it with a list older than its own record).
   */
  freshSince?: Date;
}

export interface IntegrationEngine {
  /**
   * The tools the integration offers the organization. Throws ConnectionUnavailableError
   * (connections/access-token.ts) when the connection cannot be used to find out.
   */
  listTools(app: App, target: EngineTarget, options?: ListToolsOptions): Promise<EngineTool[]>;
  /**
   * Runs one tool. Upstream failures (HTTP errors, timeouts, a broken connection) come back as an
   * isError result that states what went wrong; only Portico's own bugs throw.
   */
  callTool(
    app: App,
    target: EngineTarget,
    name: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
    /** The gateway call's trace: its upstream requests become its child spans and carry its traceparent. */
    trace?: CallTrace | null,
    /**
     * The definition hash (tool-definition.ts) the tool was offered with: a remote MCP engine whose
     * upstream now defines the tool otherwise refuses the call (pinned tool definitions).
     */
    pinnedHash?: string,
  ): Promise<CallToolResult>;
  /** Drops whatever the engine cached for the organization's integration (after reconnecting, say). */
  forget(scope: EngineScope): void;
}
