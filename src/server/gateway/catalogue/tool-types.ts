// What the gateway needs to know about a tool, whatever its source (standard tools, project servers'
// OpenAPI and remote-MCP tools): a name unique in the project, an LLM-facing description,
// a JSON Schema for the input, annotations, and a function that runs it.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ToolDescription } from "../../../integrations/_kit/tool-description.ts";
import type { CallTrace } from "../../observability/call-trace.ts";
import type { Principal } from "../auth/principal.ts";

export const TOOL_NAME_PATTERN = /^[a-z0-9_]{1,64}$/;

// Both live in the integrations' kit (src/integrations/_kit/), so tools written there need nothing of
// the gateway; re-exported for the gateway's own callers.
export type { ToolDescription } from "../../../integrations/_kit/tool-description.ts";
export { toolError } from "../../../integrations/_kit/tool-result.ts";

export interface ToolRunContext {
  principal: Principal;
  /** Aborted when the tool's time limit passes or the client goes away. */
  signal: AbortSignal;
  /** Lets a tool reach user-supplied URLs through the SSRF guard with the configured policy. */
  allowPrivateUrls: boolean;
  /** For long tools (agents): tells the client what is happening, when it asked to be told. */
  progress?: (message: string) => void;
  /** The call's trace (observability/call-trace.ts), for the tool's upstream requests' spans and traceparent. */
  trace?: CallTrace | null;
}

export interface GatewayTool extends ToolDescription {
  /** The project server the tool belongs to; null for standard tools. */
  serverId: string | null;
  serverName: string;
  /** Arguments arrive unvalidated: the tool validates them and answers isError on bad input. */
  run(args: Record<string, unknown>, context: ToolRunContext): Promise<CallToolResult>;
}
