// What the gateway needs to know about a tool, whatever its source (standard tools, project servers'
// OpenAPI and remote-MCP tools): a name unique in the project, an LLM-facing description,
// a JSON Schema for the input, annotations, and a function that runs it.
import type { CallToolResult, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { CallTrace } from "../observability/call-trace.ts";
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
  /** For long tools (agents): tells the client what is happening, when it asked to be told. */
  progress?: (message: string) => void;
  /** The call's trace (observability/call-trace.ts), for the tool's upstream requests' spans and traceparent. */
  trace?: CallTrace | null;
}

/** What a model is shown of a tool: the same fields for the gateway and for the integration engines. */
export interface ToolDescription {
  name: string;
  title: string;
  /** Written for an LLM: what the tool does, when to use it, what it returns. */
  description: string;
  inputSchema: { type: "object"; [key: string]: unknown };
  outputSchema?: { type: "object"; [key: string]: unknown };
  annotations: ToolAnnotations;
}

export interface GatewayTool extends ToolDescription {
  /** The project server the tool belongs to; null for standard tools. */
  serverId: string | null;
  serverName: string;
  /** Arguments arrive unvalidated: the tool validates them and answers isError on bad input. */
  run(args: Record<string, unknown>, context: ToolRunContext): Promise<CallToolResult>;
}
