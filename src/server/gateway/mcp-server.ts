// One SDK Server per request (never shared between clients: CVE-2026-25536), answering from the
// project's resolved tools. The low-level Server is used because tool schemas are JSON Schema from
// many sources (zod-defined standard tools, OpenAPI documents, remote MCP servers), not zod shapes.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { Principal } from "./principal.ts";
import { type ProjectTools, toolCallTarget } from "./project-tools.ts";
import { runTool, type ToolRunOptions } from "./run-tool.ts";

export const SERVER_INFO = { name: "portico", title: "Portico", version: "1.0.0" };
const INSTRUCTIONS =
  "Portico gives you the tools of the business systems connected to this project, plus standard " +
  "tools (date and time, calculator, web page reader). Prefer a tool over guessing facts or arithmetic.";
const DISCOVERY_INSTRUCTIONS =
  " The tools are not all listed: find the ones a task needs with search_tools, then run one with " +
  "call_tool.";

// The SDK builds a new Ajv (hundreds of microseconds) for every Server unless given one. The validator
// holds no client state — only compiled schemas — so one is shared by all per-request servers.
const sharedSchemaValidator = new AjvJsonSchemaValidator();

export function buildMcpServer(
  principal: Principal,
  tools: ProjectTools,
  runOptions: Omit<ToolRunOptions, "signal" | "channel">,
): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    instructions: tools.discovery === "search" ? INSTRUCTIONS + DISCOVERY_INSTRUCTIONS : INSTRUCTIONS,
    jsonSchemaValidator: sharedSchemaValidator,
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.listed }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const target = toolCallTarget(tools, request.params.name, request.params.arguments ?? {});
    if (!target) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    if ("answer" in target) return target.answer;
    const progressToken = request.params._meta?.progressToken;
    let progress = 0;
    return runTool(target.tool, target.args, principal, {
      ...runOptions,
      channel: "mcp",
      signal: extra.signal,
      onProgress:
        progressToken === undefined
          ? undefined
          : (message) =>
              void extra
                .sendNotification({
                  method: "notifications/progress",
                  params: { progressToken, progress: ++progress, message },
                })
                .catch(() => undefined),
    });
  });
  return server;
}
