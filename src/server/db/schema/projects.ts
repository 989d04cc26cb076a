import { boolean, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { belongsTo, createdAtColumn, idColumn, updatedAtColumn } from "./columns.ts";
import { organization } from "./organizations.ts";

export const project = pgTable(
  "project",
  {
    id: idColumn(),
    organizationId: belongsTo("organization_id", () => organization.id),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** "search": /mcp and the REST facade list search_tools and call_tool instead of every tool. */
    toolDiscovery: text("tool_discovery", { enum: ["all", "search"] })
      .notNull()
      .default("all"),
    /** With toolDiscovery "search": tools listed beside search_tools and call_tool all the same. */
    pinnedTools: jsonb("pinned_tools").$type<string[]>().notNull().default([]),
    /**
     * Governance (db/schema/governance.ts): destructive tools without a policy of their own ask the
     * calling person to confirm. On for every new project, whichever way it is created (the column's
     * default as well as projects.ts's createProject); projects from before it existed keep it off.
     */
    protectWrites: boolean("protect_writes").notNull().default(true),
    /** Whether a reviewer may approve a call they asked for themselves. */
    allowSelfApproval: boolean("allow_self_approval").notNull().default(false),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index("project_organization_idx").on(t.organizationId)],
);

export const projectMember = pgTable(
  "project_member",
  {
    id: idColumn(),
    projectId: belongsTo("project_id", () => project.id),
    userId: belongsTo("user_id", () => user.id),
    role: text("role", { enum: ["viewer", "editor", "admin"] }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("project_member_unique").on(t.projectId, t.userId),
    index("project_member_user_idx").on(t.userId),
  ],
);

/**
 * A member's request for access to a project they cannot open (the "ask for access" page). One per
 * person and project: asking again does not mail the project's admins again; granting access or a
 * day passing lets them ask anew.
 */
export const projectAccessRequest = pgTable(
  "project_access_request",
  {
    id: idColumn(),
    projectId: belongsTo("project_id", () => project.id),
    userId: belongsTo("user_id", () => user.id),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex("project_access_request_unique").on(t.projectId, t.userId)],
);
