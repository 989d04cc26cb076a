// Project servers: an integration enabled in a project on top of its organization's connection to the
// integration's provider (one server per integration per project). Its tools' switches are in
// tool-switches.ts.
import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
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
