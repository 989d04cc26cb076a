// Shapes shared by the conformance fixture's tools, resources and prompts.
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type {
  CallToolResult,
  ClientCapabilities,
  LoggingLevel,
  ServerNotification,
  ServerRequest,
  Tool,
} from "@modelcontextprotocol/sdk/types.js";

export type FixtureExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export interface FixtureToolContext {
  extra: FixtureExtra;
  /** What the client declared at initialize (sampling, elicitation…). */
  clientCapabilities: ClientCapabilities | undefined;
  /** notifications/message on the request's own stream, unless below the session's logging level. */
  log(level: LoggingLevel, data: string): Promise<void>;
}

export interface FixtureTool {
  definition: Tool & { description: string };
  run(args: Record<string, unknown>, context: FixtureToolContext): Promise<CallToolResult>;
}

export const text = (value: string) => ({ type: "text" as const, text: value });

export function toolError(message: string): CallToolResult {
  return { isError: true, content: [text(message)] };
}
