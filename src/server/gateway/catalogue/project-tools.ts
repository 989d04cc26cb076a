// Which tools a project exposes, resolved once and cached in process until the project's setup
// changes (gateway.ts drops the entry on every replica through a database notification). Sources are
// listed in order of precedence: a later source cannot shadow an earlier tool's name. With the
// project's toolDiscovery on "search", what is listed is search_tools and call_tool (tool-discovery.ts).
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { project } from "../../db/schema/index.ts";
import {
  loadProjectGovernance,
  mayHold,
  type ProjectGovernance,
} from "../../governance/project-governance.ts";
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
  /** The project's tool policies (governance/), or null when none would act: admission then skips them. */
  governance: ProjectGovernance | null;
}

/** A tool governance may hold: a client may call it as a task and wait on the approval (2025-11-25). */
const MAY_RUN_AS_TASK = { taskSupport: "optional" } as const;

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
  /** The loads that finished, for admission's synchronous look at a project's policies. */
  private readonly loaded = new Map<string, ProjectTools>();

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
      const load = this.load(projectId);
      pending = load;
      this.cache.set(projectId, load);
      load.then(
        (tools) => {
          if (this.cache.get(projectId) === load) this.loaded.set(projectId, tools);
        },
        // A failed load must not stay cached.
        () => this.cache.delete(projectId),
      );
    }
    return pending;
  }

  /** The project's tools when loaded and current, without waiting (admission's look at its policies). */
  loadedFor(projectId: string): ProjectTools | undefined {
    return this.loaded.get(projectId);
  }

  forgetProject(projectId: string): void {
    this.cache.delete(projectId);
    this.loaded.delete(projectId);
  }

  forgetAll(): void {
    this.cache.clear();
    this.loaded.clear();
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
    const settings = await settingsOf(this.db, projectId);
    const { discovery, pinned } = settings;
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
    const governance = await loadProjectGovernance(this.db, projectId, settings);
    const listed = exposed.map((tool) =>
      mayHold(governance, tool) ? { ...toListedTool(tool), execution: MAY_RUN_AS_TASK } : toListedTool(tool),
    );
    const listedJson = Buffer.from(JSON.stringify(listed));
    return { tools, discovery, byName, exposed, listed, listedJson, governance };
  }
}

async function settingsOf(db: Database, projectId: string) {
  const [row] = await db
    .select({
      discovery: project.toolDiscovery,
      pinned: project.pinnedTools,
      protectWrites: project.protectWrites,
      allowSelfApproval: project.allowSelfApproval,
    })
    .from(project)
    .where(eq(project.id, projectId));
  return (
    row ?? {
      discovery: "all" as ToolDiscovery,
      pinned: [] as string[],
      protectWrites: false,
      allowSelfApproval: false,
    }
  );
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
