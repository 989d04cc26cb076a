// Reads a remote MCP server's whole tool list (following nextCursor) and turns it into engine tools
// with Portico-valid names, remembering which remote name each local name stands for.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { EngineTool } from "../engine.ts";
import { toolHash } from "../tool-definition.ts";
import { localToolNames } from "./tool-names.ts";

/** A server that keeps answering with a next page is broken; stop rather than loop for ever. */
const MAX_PAGES = 50;

export interface RemoteToolSet {
  tools: EngineTool[];
  /** Local (normalized) name → the remote server's own name. */
  remoteNames: Map<string, string>;
  /** Local name → its definition's hash (tool-definition.ts), computed once per list. */
  hashes: Map<string, string>;
}

async function readAllTools(client: Client, timeoutMs: number): Promise<Tool[]> {
  const tools: Tool[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.listTools(cursor === undefined ? undefined : { cursor }, {
      timeout: timeoutMs,
    });
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined || seenCursors.has(cursor)) break;
    seenCursors.add(cursor);
  }
  return tools;
}

export async function listRemoteTools(
  client: Client,
  serverName: string,
  timeoutMs: number,
): Promise<RemoteToolSet> {
  const remote = await readAllTools(client, timeoutMs);
  const names = localToolNames(remote.map((tool) => tool.name));
  const remoteNames = new Map<string, string>();
  const hashes = new Map<string, string>();
  const tools: EngineTool[] = [];
  const seen = new Set<string>();
  for (const tool of remote) {
    // A server listing one name twice: the first definition wins, as it would for the server itself.
    if (seen.has(tool.name)) continue;
    seen.add(tool.name);
    const name = names.get(tool.name) ?? tool.name;
    remoteNames.set(name, tool.name);
    const engineTool: EngineTool = {
      name,
      title: tool.title ?? tool.annotations?.title ?? tool.name,
      description: tool.description ?? `The ${tool.name} tool of ${serverName}.`,
      inputSchema: tool.inputSchema,
      ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
      // Whatever a remote tool does, it reaches outside Portico.
      annotations: { ...tool.annotations, openWorldHint: tool.annotations?.openWorldHint ?? true },
    };
    tools.push(engineTool);
    hashes.set(name, toolHash(engineTool));
  }
  return { tools, remoteNames, hashes };
}
