// The SDK server of one conformance session: every tool, resource, prompt and utility the official
// suite exercises (logging levels, completion, subscriptions). Built per session and never shared
// between clients, like the gateway's own servers.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  type LoggingLevel,
  LoggingLevelSchema,
  McpError,
  ReadResourceRequestSchema,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { contentTools } from "./content-tools.ts";
import { interactiveTools } from "./interactive-tools.ts";
import { complete, getPrompt, listedPrompts } from "./prompts.ts";
import { listedResources, listedResourceTemplates, readResource, requireResource } from "./resources.ts";

export const FIXTURE_SERVER_INFO = { name: "portico-conformance-fixture", version: "1.0.0" };

const tools = [...contentTools, ...interactiveTools];
const toolsByName = new Map(tools.map((tool) => [tool.definition.name, tool]));
const listedTools = tools.map((tool) => tool.definition);
const severity = (level: LoggingLevel) => LoggingLevelSchema.options.indexOf(level);

export function buildFixtureServer(): Server {
  const server = new Server(FIXTURE_SERVER_INFO, {
    capabilities: {
      tools: { listChanged: false },
      resources: { subscribe: true, listChanged: false },
      prompts: { listChanged: false },
      logging: {},
      completions: {},
    },
    instructions: "Test fixture of the MCP conformance suite (MCP_CONFORMANCE_FIXTURES); not for real use.",
  });
  // One server per session, so the session's logging level is a plain variable.
  let minimumLevel: LoggingLevel | undefined;

  server.setRequestHandler(SetLevelRequestSchema, (request) => {
    minimumLevel = request.params.level;
    return {};
  });

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listedTools }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const tool = toolsByName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    return tool.run(request.params.arguments ?? {}, {
      extra,
      clientCapabilities: server.getClientCapabilities(),
      async log(level, data) {
        if (minimumLevel && severity(level) < severity(minimumLevel)) return;
        await extra.sendNotification({ method: "notifications/message", params: { level, data } });
      },
    });
  });

  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: listedResources }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: listedResourceTemplates,
  }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => readResource(request.params.uri));
  // The fixture's resources never change, so a subscription is accepted for any existing resource
  // and no notifications/resources/updated ever follows.
  server.setRequestHandler(SubscribeRequestSchema, (request) => {
    requireResource(request.params.uri);
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    requireResource(request.params.uri);
    return {};
  });

  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: listedPrompts }));
  server.setRequestHandler(GetPromptRequestSchema, (request) =>
    getPrompt(request.params.name, request.params.arguments),
  );
  server.setRequestHandler(CompleteRequestSchema, (request) => complete(request.params));
  return server;
}
