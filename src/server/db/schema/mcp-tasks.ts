// MCP Tasks (2025-11-25's tasks, 2026-07-28's Tasks extension): a tools/call answered with a handle the
// caller polls. Rows, not memory, because /mcp is stateless and replicated: the process that polls is
// rarely the one that created the task. A held call's task has the approval's id and follows it
// (governance/mcp-tasks.ts); any other task is created finished, with its result.
import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { belongsTo, createdAtColumn, updatedAtColumn } from "./columns.ts";
import { toolApproval } from "./governance.ts";
import { project } from "./projects.ts";

export const mcpTaskStatuses = ["working", "input_required", "completed", "failed", "cancelled"] as const;
export type McpTaskStatus = (typeof mcpTaskStatuses)[number];

export const mcpTask = pgTable(
  "mcp_task",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id").notNull(),
    projectId: belongsTo("project_id", () => project.id),
    /** Who may read it (mcp-tasks.ts's taskOwnerOf): a task is the caller's, never the project's. */
    owner: text("owner").notNull(),
    toolName: text("tool_name").notNull(),
    /** The held call the task waits on; null for a task created finished. */
    approvalId: text("approval_id").references(() => toolApproval.id, { onDelete: "cascade" }),
    status: text("status", { enum: mcpTaskStatuses }).notNull(),
    statusMessage: text("status_message"),
    /** The call's CallToolResult, once it has one. */
    result: jsonb("result"),
    /** The lifetime the caller was given from creation, in ms; null for unlimited. */
    ttlMs: integer("ttl_ms"),
    pollIntervalMs: integer("poll_interval_ms").notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    /** createdAt + ttl, when the task may be discarded. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    index("mcp_task_owner_idx").on(t.projectId, t.owner, t.createdAt),
    index("mcp_task_expires_idx").on(t.expiresAt),
  ],
);
