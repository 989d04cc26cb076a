// Which tools a project exposes, resolved once and cached in process until the project's setup
// changes (gateway.ts drops the entry on every replica through a database notification). Sources are
// listed in order of precedence: a later source cannot shadow an earlier tool's name. With the
// project's toolDiscovery on "search", what is listed is search_tools and call_tool (tool-discovery.ts).
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { project } from "../db/schema/index.ts";
import {
  CALL_TOOL_NAME,
  callToolDefinition,
  resolveToolCall,
  SEARCH_TOOLS_NAME,
  searchToolsTool,
  type ToolCallTarget,
  type ToolDiscovery,
} from "./tool-discovery.ts";
import { type GatewayTool, TOOL_NAME_PATTERN, type ToolDescription } from "./tool-types.ts";

/** Everything one kind of tool provider (standard tools, project servers…) offers a project. */
export type ToolSource = (db: Database, projectId: string) => Promise<GatewayTool[]>;

/** A tool as a client is shown it, on /mcp and in the REST facade's document. */
export type ExposedTool = ToolDescription & { serverName: string };

export interface ProjectTools {
  /**
   * The project's own tools, in order of precedence: what search_tools searches, the same list (and so
   * the same search index) for as long as this cache entry lives.
   */
  tools: readonly GatewayTool[];
  discovery: ToolDiscovery;
  /** Every tool a call may name: the project's own, hidden or not, plus search_tools with discovery on. */
  byName: ReadonlyMap<string, GatewayTool>;
  /** What tools/list shows: the project's tools, or search_tools and call_tool with discovery on. */
  exposed: readonly ExposedTool[];
  /** The tools/list answer, built once per cache fill rather than per request. */
  listed: Tool[];
  /** `listed` as UTF-8 JSON, encoded once per cache fill for direct-answers.ts. */
  listedJson: Uint8Array;
}

/** A tool as tools/list shows it to a client. */
export function toListedTool(tool: ToolDescription): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
    annotations: tool.annotations,
  };
}

export class ProjectToolCatalog {
  private readonly cache = new Map<string, Promise<ProjectTools>>();

  private readonly db: Database;
  private readonly sources: readonly ToolSource[];
  private readonly onConflict: (message: string) => void;

  constructor(
    db: Database,
    sources: readonly ToolSource[],
    onConflict: (message: string) => void = () => undefined,
  ) {
    this.db = db;
    this.sources = sources;
    this.onConflict = onConflict;
  }

  toolsFor(projectId: string): Promise<ProjectTools> {
    let pending = this.cache.get(projectId);
    if (!pending) {
      pending = this.load(projectId);
      this.cache.set(projectId, pending);
      // A failed load must not stay cached.
      pending.catch(() => this.cache.delete(projectId));
    }
    return pending;
  }

  forgetProject(projectId: string): void {
    this.cache.delete(projectId);
  }

  forgetAll(): void {
    this.cache.clear();
  }

  private async load(projectId: string): Promise<ProjectTools> {
    const byName = new Map<string, GatewayTool>();
    for (const source of this.sources) {
      for (const tool of await source(this.db, projectId)) {
        if (!TOOL_NAME_PATTERN.test(tool.name)) {
          this.onConflict(
            `Tool "${tool.name}" of ${tool.serverName} skipped: names must match [a-z0-9_]{1,64}`,
          );
        } else if (byName.has(tool.name)) {
          this.onConflict(`Tool "${tool.name}" of ${tool.serverName} skipped: the name is already taken`);
        } else {
          byName.set(tool.name, tool);
        }
      }
    }
    const { discovery, pinned } = await discoveryOf(this.db, projectId);
    if (discovery === "search") {
      for (const name of [SEARCH_TOOLS_NAME, CALL_TOOL_NAME]) {
        if (byName.delete(name)) this.onConflict(`Tool "${name}" skipped: tool discovery has its own`);
      }
    }
    const tools = [...byName.values()];
    let exposed: ExposedTool[] = tools;
    if (discovery === "search") {
      const search = searchToolsTool(tools, projectId);
      byName.set(search.name, search);
      // Pinned tools (a project's choice) are listed beside the two, in the order they were pinned;
      // a pinned name the project has no tool for (a server removed) is left out.
      const pinnedTools = pinned.flatMap((name) => byName.get(name) ?? []);
      exposed = [search, callToolDefinition, ...pinnedTools.filter((tool) => tool !== search)];
    }
    const listed = exposed.map(toListedTool);
    return { tools, discovery, byName, exposed, listed, listedJson: Buffer.from(JSON.stringify(listed)) };
  }
}

async function discoveryOf(
  db: Database,
  projectId: string,
): Promise<{ discovery: ToolDiscovery; pinned: readonly string[] }> {
  const [row] = await db
    .select({ toolDiscovery: project.toolDiscovery, pinnedTools: project.pinnedTools })
    .from(project)
    .where(eq(project.id, projectId));
  return { discovery: row?.toolDiscovery ?? "all", pinned: row?.pinnedTools ?? [] };
}

/** Whether a call may name `name` in the project (what the tool then runs is toolCallTarget's). */
export const canCall = (projectTools: ProjectTools, name: string) =>
  projectTools.byName.has(name) || (name === CALL_TOOL_NAME && projectTools.discovery === "search");

/** What a tools/call of `name` runs in the project; null for a tool it does not have. */
export const toolCallTarget = (
  projectTools: ProjectTools,
  name: string,
  args: Record<string, unknown>,
): ToolCallTarget => resolveToolCall(projectTools.byName, projectTools.discovery, name, args);
