// A tool's definition as agents are shown it (everything but its name) and its hash: what pinning
// compares (servers/tool-pins/) and what the remote MCP engine checks a call against. The hash is
// SHA-256 over RFC 8785 canonical JSON, so key order and whitespace never count as a change.
import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import type { PinnedDefinition } from "../../db/schema/index.ts";
import type { EngineTool } from "./engine.ts";

export type ToolDefinition = PinnedDefinition;

export function toolDefinition(tool: EngineTool): ToolDefinition {
  return {
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
    annotations: { ...tool.annotations },
  };
}

export const definitionHash = (definition: ToolDefinition): string =>
  createHash("sha256")
    .update(canonicalize(definition) ?? "")
    .digest("hex");

export const toolHash = (tool: EngineTool) => definitionHash(toolDefinition(tool));
