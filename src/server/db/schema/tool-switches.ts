// Tool switches, standard and server tools alike: tools are on by default, so a row exists only for a
// tool switched away from that default. A standard tool's row has no server; a server tool's row names
// its server and is keyed by the engine's bare tool name, so tools a remote server adds later are on
// and a tool that disappears leaves at most a stale row.
import { sql } from "drizzle-orm";
import { boolean, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { belongsTo, updatedAtColumn } from "./columns.ts";
import { projectServer } from "./project-servers.ts";
import { project } from "./projects.ts";

export const toolSwitch = pgTable(
  "tool_switch",
  {
    projectId: belongsTo("project_id", () => project.id),
    /** Null for a standard tool. */
    serverId: text("server_id").references(() => projectServer.id, { onDelete: "cascade" }),
    toolName: text("tool_name").notNull(),
    enabled: boolean("enabled").notNull(),
    updatedAt: updatedAtColumn(),
  },
  // Two partial unique indexes rather than one NULLS NOT DISTINCT key, which PostgreSQL before 15 lacks;
  // writers name the matching one in ON CONFLICT (see standardToolKey / serverToolKey).
  (t) => [
    uniqueIndex("tool_switch_standard_key").on(t.projectId, t.toolName).where(sql`${t.serverId} is null`),
    uniqueIndex("tool_switch_server_key").on(t.serverId, t.toolName).where(sql`${t.serverId} is not null`),
  ],
);

/** ON CONFLICT targets for the two kinds of row. */
export const standardToolKey = {
  target: [toolSwitch.projectId, toolSwitch.toolName],
  targetWhere: sql`${toolSwitch.serverId} is null`,
};
export const serverToolKey = {
  target: [toolSwitch.serverId, toolSwitch.toolName],
  targetWhere: sql`${toolSwitch.serverId} is not null`,
};
