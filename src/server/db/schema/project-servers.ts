// Project servers: an integration enabled in a project on top of its organization's connection to the
// integration's provider (one server per integration per project), and the tools switched off on it.
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { IntegrationId } from "../../../lib/integrations/types.ts";
import { user } from "./auth.ts";
import { project } from "./projects.ts";

export const projectServer = pgTable(
  "project_server",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    projectId: text("project_id")
      .notNull()
      .references(() => project.id, { onDelete: "cascade" }),
    integrationId: text("integration_id").$type<IntegrationId>().notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("project_server_project_integration").on(t.projectId, t.integrationId),
    index("project_server_integration_idx").on(t.integrationId),
  ],
);

/**
 * A row only for tools switched away from their default (on), keyed by the engine's bare tool name, so
 * tools a remote server adds later are on and a tool that disappears leaves at most a stale row.
 */
export const projectServerTool = pgTable(
  "project_server_tool",
  {
    serverId: text("server_id")
      .notNull()
      .references(() => projectServer.id, { onDelete: "cascade" }),
    toolName: text("tool_name").notNull(),
    enabled: boolean("enabled").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serverId, t.toolName] })],
);
