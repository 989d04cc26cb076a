// Governance (issue 37): what a project lets its tools do without a person, and the calls held for one.
// Policies are read once per project into the gateway's tool cache (gateway/catalogue/project-tools.ts), so a call
// never reads them; approvals are rows, so any replica can decide one and a restart loses none.
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Principal } from "../../gateway/auth/principal.ts";
import { user } from "./auth.ts";
import { belongsTo, createdAtColumn, idColumn, updatedAtColumn } from "./columns.ts";
import { callChannels } from "./gateway.ts";
import { project } from "./projects.ts";

export const policyActions = ["allow", "confirm", "approve", "deny"] as const;
export type PolicyAction = (typeof policyActions)[number];

/** A condition on the call (a CEL expression over `args`, `caller`, `tool`) and what it decides. */
export interface PolicyRule {
  when: string;
  action: PolicyAction;
}

/**
 * One tool's or one server's policy in a project: its action, and rules tried in order before it (the
 * first whose condition holds decides). A tool's own policy goes before its server's.
 */
export const toolPolicy = pgTable(
  "tool_policy",
  {
    id: idColumn(),
    projectId: belongsTo("project_id", () => project.id),
    /** "tool": `target` is a tool's name in the project; "server": a project server's id. */
    targetKind: text("target_kind", { enum: ["tool", "server"] }).notNull(),
    target: text("target").notNull(),
    action: text("action", { enum: policyActions }).notNull(),
    rules: jsonb("rules").$type<PolicyRule[]>().notNull().default([]),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex("tool_policy_target").on(t.projectId, t.targetKind, t.target)],
);

export const approvalStatuses = ["pending", "approved", "denied", "expired"] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

/** The caller as it was, to run the approved call as it would have run. */
export type StoredPrincipal = Principal;

/**
 * A call held until a person decides: "approve" waits for one of the project's reviewers, "confirm" for
 * the calling person, whose client could not ask them. The arguments are kept as sent, since the
 * approved call runs with them; pages show them redacted. An approved call runs once: the first to set
 * `ranAt` runs it, and its result is kept for every later retry.
 */
export const toolApproval = pgTable(
  "tool_approval",
  {
    id: idColumn(),
    organizationId: text("organization_id").notNull(),
    projectId: belongsTo("project_id", () => project.id),
    kind: text("kind", { enum: ["approve", "confirm"] }).notNull(),
    toolName: text("tool_name").notNull(),
    serverId: text("server_id"),
    serverName: text("server_name").notNull(),
    channel: text("channel", { enum: callChannels }).notNull(),
    arguments: jsonb("arguments").$type<Record<string, unknown>>().notNull(),
    /** What will happen, in plain words ("Send e-mail to …"). */
    summary: text("summary").notNull(),
    /** Which policy and rule asked for the approval ("approve · rule 1 of send_email"). */
    decidedByPolicy: text("decided_by_policy").notNull(),
    principal: jsonb("principal").$type<StoredPrincipal>().notNull(),
    /** The person who asked (null for a project key), and the caller's name (key or OAuth client). */
    requestedBy: text("requested_by").references(() => user.id, { onDelete: "set null" }),
    callerName: text("caller_name").notNull(),
    /** The agent run that waits on this approval, when a Neo step asked. */
    agentRunId: text("agent_run_id"),
    status: text("status", { enum: approvalStatuses }).notNull().default("pending"),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedByName: text("decided_by_name"),
    reason: text("reason"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ranAt: timestamp("ran_at", { withTimezone: true }),
    /** The approved call's result (a CallToolResult), once it ran. */
    result: jsonb("result"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("tool_approval_project_status_idx").on(t.projectId, t.status, t.createdAt),
    index("tool_approval_organization_idx").on(t.organizationId, t.status),
  ],
);

/**
 * Members a project names as reviewers of its held calls, beside its admins (who always review): they
 * get the e-mail, the inbox's count, and may approve or deny. A named reviewer who loses access to the
 * project stops reviewing (governance/reviewers.ts reads them through project_member).
 */
export const projectReviewer = pgTable(
  "project_reviewer",
  {
    projectId: belongsTo("project_id", () => project.id),
    userId: belongsTo("user_id", () => user.id),
    addedBy: text("added_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] })],
);
