// Progressive tool discovery: a project with toolDiscovery "search" lists two tools instead of all of
// its own, so a client pays for a few hundred tokens of tool definitions rather than for every tool.
// search_tools finds tools for a task (tool-search/); call_tool runs one of them by name. call_tool is
// unwrapped before it runs (resolveToolCall): the tool it names runs through runTool exactly as a
// direct call would, with its own time limit, call log row and usage count.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import {
  DEFAULT_SEARCH_LIMIT,
  MAX_SEARCH_LIMIT,
  type SearchableTool,
  searchTools,
} from "../../tool-search/tool-search.ts";
import { STANDARD_SERVER_NAME } from "./standard-tools/define-tool.ts";
import { type GatewayTool, type ToolDescription, toolError } from "./tool-types.ts";

export const TOOL_DISCOVERY_MODES = ["all", "search"] as const;
export type ToolDiscovery = (typeof TOOL_DISCOVERY_MODES)[number];

export const SEARCH_TOOLS_NAME = "search_tools";
export const CALL_TOOL_NAME = "call_tool";

const searchInput = z.object({
  query: z.string().trim().min(1).max(500),
  limit: z.number().int().min(1).max(MAX_SEARCH_LIMIT).default(DEFAULT_SEARCH_LIMIT),
});

const callInput = z.object({
  name: z.string().min(1).max(64),
  arguments: z.record(z.string(), z.unknown()).default({}),
});

const issuesOf = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.join(".") || "input"}: ${issue.message}`).join("; ");

/** search_tools' answer: of each tool found, enough to call it with call_tool. */
export function foundTools(
  tools: readonly SearchableTool[],
  query: string,
  limit = DEFAULT_SEARCH_LIMIT,
  scope?: string,
) {
  return {
    tools: searchTools(tools, query, limit, scope).map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
    })),
  };
}

const searchToolsDescription: ToolDescription = {
  name: SEARCH_TOOLS_NAME,
  title: "Search tools",
  description:
    "Finds the tools of this project that fit a task. This project lists only search_tools and " +
    'call_tool: describe what you want to do in a few words (e.g. "create a Jira issue", "free ' +
    'slots in my calendar next week") and get the best matching tools with their names, descriptions ' +
    "and input schemas, best first. Then run one with call_tool.",
  inputSchema: {
    type: "object",
    properties: {
      query: { type: "string", minLength: 1, maxLength: 500, description: "The task, in words." },
      limit: {
        type: "integer",
        minimum: 1,
        maximum: MAX_SEARCH_LIMIT,
        default: DEFAULT_SEARCH_LIMIT,
        description: "How many tools to return at most.",
      },
    },
    required: ["query"],
    additionalProperties: false,
  },
  annotations: { title: "Search tools", readOnlyHint: true, openWorldHint: false },
};

/** call_tool as tools/list shows it; it never runs itself (see resolveToolCall). */
export const callToolDefinition: ToolDescription & { serverName: string } = {
  name: CALL_TOOL_NAME,
  title: "Call a tool",
  description:
    "Runs one of this project's tools by its exact name (from search_tools) with arguments that " +
    "follow that tool's input schema, and returns that tool's result.",
  inputSchema: {
    type: "object",
    properties: {
      name: { type: "string", description: "The tool's name as search_tools gave it." },
      arguments: { type: "object", description: "The tool's arguments.", additionalProperties: true },
    },
    required: ["name"],
    additionalProperties: false,
  },
  annotations: { title: "Call a tool", readOnlyHint: false, destructiveHint: true, openWorldHint: true },
  serverName: STANDARD_SERVER_NAME,
};

/**
 * search_tools over `tools`, the project's own tools (the index is kept per list: tool-search.ts); with
 * `scope` (the project's id) a new list's index is made from the project's former one.
 */
export function searchToolsTool(tools: readonly GatewayTool[], scope?: string): GatewayTool {
  return {
    ...searchToolsDescription,
    serverId: null,
    serverName: STANDARD_SERVER_NAME,
    async run(args) {
      const parsed = searchInput.safeParse(args);
      if (!parsed.success) return toolError(`Invalid arguments: ${issuesOf(parsed.error)}`);
      const result = foundTools(tools, parsed.data.query, parsed.data.limit, scope);
      if (result.tools.length === 0) {
        return toolError(`No tool of this project matches "${parsed.data.query}". Try other words.`);
      }
      // Compact JSON: the model reads this text, and indentation would cost it tokens for nothing.
      return { content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result };
    },
  };
}

/** What a tools/call comes to: a tool to run with its arguments, or an answer without running any. */
export type ToolCallTarget =
  | { tool: GatewayTool; args: Record<string, unknown> }
  | { answer: CallToolResult }
  | null;

/**
 * The tool a tools/call of `name` runs. call_tool (in a project with discovery on) stands for the tool
 * it names; a name that is neither call_tool nor a tool of the project gives null, which each caller
 * answers as it answers an unknown tool.
 */
export function resolveToolCall(
  byName: ReadonlyMap<string, GatewayTool>,
  discovery: ToolDiscovery,
  name: string,
  args: Record<string, unknown>,
): ToolCallTarget {
  if (name !== CALL_TOOL_NAME || discovery !== "search") {
    const tool = byName.get(name);
    return tool ? { tool, args } : null;
  }
  const parsed = callInput.safeParse(args);
  if (!parsed.success) return { answer: toolError(`Invalid arguments: ${issuesOf(parsed.error)}`) };
  const tool = byName.get(parsed.data.name);
  if (!tool) {
    return {
      answer: toolError(
        `This project has no tool named "${parsed.data.name}" (or it is switched off). ` +
          "Call search_tools to find the exact name.",
      ),
    };
  }
  return { tool, args: parsed.data.arguments };
}
