// Which tools a project exposes, resolved once and cached in process until the project's setup
// changes (gateway.ts drops the entry on every replica through a database notification). Sources are
// listed in order of precedence: a later source cannot shadow an earlier tool's name.
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { Database } from "../db/client.ts";
import { type GatewayTool, TOOL_NAME_PATTERN, type ToolDescription } from "./tool-types.ts";

/** Everything one kind of tool provider (standard tools, project servers…) offers a project. */
export type ToolSource = (db: Database, projectId: string) => Promise<GatewayTool[]>;

export interface ProjectTools {
  byName: ReadonlyMap<string, GatewayTool>;
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
    const listed = [...byName.values()].map(toListedTool);
    return { byName, listed, listedJson: Buffer.from(JSON.stringify(listed)) };
  }
}
