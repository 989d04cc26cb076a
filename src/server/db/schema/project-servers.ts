// Project servers: an integration enabled in a project, using either one of its organization's shared
// connections to the integration's provider or each caller's own (personal mode). A project may add an
// integration more than once (a support inbox and personal mail); each server's short name prefixes its
// tools, so names never collide. Its tools' switches are in tool-switches.ts.
import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { IntegrationId } from "../../../lib/integrations/types.ts";
import type { ServerConnectionMode } from "../../../lib/validation.ts";
import { user } from "./auth.ts";
import { belongsTo, createdAtColumn, idColumn } from "./columns.ts";
import { integrationConnection } from "./integration-connections.ts";
import { project } from "./projects.ts";

export const projectServer = pgTable(
  "project_server",
  {
    id: idColumn(),
    projectId: belongsTo("project_id", () => project.id),
    integrationId: text("integration_id").$type<IntegrationId>().notNull(),
    /**
     * The tools' prefix ([a-z0-9_], `serverNameField` in lib/validation.ts), unique in the project. Servers made before
     * names existed have the integration id with "-" as "_", so their tool names stay as they were.
     */
    name: text("name").notNull(),
    /** "shared": an organization's connection; "personal": each caller's own connection. */
    connectionMode: text("connection_mode").$type<ServerConnectionMode>().notNull().default("shared"),
    /**
     * The shared connection the server uses; null means the organization's first shared connection to
     * the provider (servers made before several connections existed, or added before connecting).
     */
    connectionId: text("connection_id").references(() => integrationConnection.id, { onDelete: "set null" }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
    /**
     * When a remote MCP server's tool definitions were first recorded (tool-pins.ts); null until its
     * first successful listing (and for servers from before pinning, pinned on their next listing).
     */
    toolsPinnedAt: timestamp("tools_pinned_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("project_server_project_name").on(t.projectId, t.name),
    index("project_server_integration_idx").on(t.integrationId),
  ],
);
