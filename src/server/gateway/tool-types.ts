// What the gateway needs to know about a tool, whatever its source (standard tools now; integration
// servers' OpenAPI and remote-MCP tools later): a name unique in the project, an LLM-facing description,
// a JSON Schema for the input, annotations, and a function that runs it.
import type { CallToolResult, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { Principal } from "./principal.ts";

export const TOOL_NAME_PATTERN = /^[a-z0-9_]{1,64}$/;

/** A failure the model reads and can act on (bad input, an upstream error): isError with the reason. */
export function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text: message }] };
}

export interface ToolRunContext {
  principal: Principal;
  /** Aborted when the tool's time limit passes or the client goes away. */
  signal: AbortSignal;
  /** Lets a tool reach user-supplied URLs through the SSRF guard with the configured policy. */
  allowPrivateUrls: boolean;
}

export interface GatewayTool {
  name: string;
  title: string;
  description: string;
  inputSchema: { type: "object"; [key: string]: unknown };
  outputSchema?: { type: "object"; [key: string]: unknown };
  annotations: ToolAnnotations;
  /** The project server the tool belongs to; null for standard tools. */
  serverId: string | null;
  serverName: string;
  /** Arguments arrive unvalidated: the tool validates them and answers isError on bad input. */
  run(args: Record<string, unknown>, context: ToolRunContext): Promise<CallToolResult>;
}
