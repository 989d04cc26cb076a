// MCP Tasks over the database (db/schema/mcp-tasks.ts), for both revisions' adapters: the 1.x SDK's
// TaskStore (gateway/input-requests/tasks-2025.ts) and the 2026-07-28 Tasks extension (gateway/transport/modern-mcp.ts).
//
// A call held for approval becomes a task with the approval's id: polling it reads the approval, and
// once approved the call runs once (runApprovedCall, shared with the retry-with-id path and the
// inbox's own background run), so the task completes with exactly the result a retry would get. A
// task-augmented call that was not held (2025-11-25 lets the client ask for a task) is stored finished.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { and, desc, eq, lt, or } from "drizzle-orm";
import type { App } from "../app-services.ts";
import { approvalDecided } from "../builder-webhooks/origin-events.ts";
import { type McpTaskStatus, mcpTask, toolApproval } from "../db/schema/index.ts";
import type { Principal } from "../gateway/auth/principal.ts";
import {
  approvalUrl,
  closedResult,
  expireIfDue,
  readApproval,
  recordHeldCallEvent,
} from "./approval-store.ts";
import { type CallRunner, runApprovedCall } from "./gate.ts";

export type McpTaskRow = typeof mcpTask.$inferSelect;

/** How often a caller is asked to poll a held call: a person decides it, in minutes rather than ms. */
export const HELD_POLL_INTERVAL_MS = 2_000;
/** The longest a task is kept after creation when the caller asked for more (or for no limit). */
export const MAX_TASK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The caller a task belongs to: the same credential and person, never just the same project. */
export function taskOwnerOf(principal: Principal): string {
  const credential = principal.apiKeyId ?? principal.oauthClientId ?? principal.externalUserId ?? "";
  return `${principal.kind}:${credential}:${principal.person ?? ""}`;
}

const terminal = (status: McpTaskStatus) =>
  status === "completed" || status === "failed" || status === "cancelled";

/** What a held call's task says while it waits: who decides, and where. */
function waitingMessage(app: App, approval: { id: string; projectId: string; summary: string }) {
  return `Waiting for approval ${approval.id}: ${approval.summary}. A reviewer decides it in Portico at ${approvalUrl(app.config.baseUrl, approval.projectId, approval.id)}.`;
}

export interface NewTask {
  principal: Principal;
  toolName: string;
  /** The caller's requested lifetime in ms (null: unlimited, capped at MAX_TASK_TTL_MS). */
  ttlMs: number | null | undefined;
}

/** A task for a held call: the approval's id, working until the approval is decided and the call ran. */
export async function createHeldTask(app: App, task: NewTask, approvalId: string): Promise<McpTaskRow> {
  const approval = await readApproval(app.db, approvalId);
  if (!approval) throw new Error(`approval ${approvalId} is gone`);
  // A held call lives as long as its approval can be decided, whatever the caller asked for.
  const ttlMs = Math.max(approval.expiresAt.getTime() - Date.now(), 0) + 60 * 60 * 1000;
  return insertTask(app, {
    ...task,
    id: approvalId,
    approvalId,
    ttlMs: Math.min(ttlMs, MAX_TASK_TTL_MS),
    status: "working",
    statusMessage: waitingMessage(app, approval),
    result: null,
    pollIntervalMs: HELD_POLL_INTERVAL_MS,
  });
}

/** A task for a call that ran at once: stored finished with its result. */
export function createFinishedTask(app: App, task: NewTask, result: CallToolResult): Promise<McpTaskRow> {
  return insertTask(app, {
    ...task,
    id: `task_${crypto.randomUUID()}`,
    approvalId: null,
    ttlMs: Math.min(task.ttlMs ?? MAX_TASK_TTL_MS, MAX_TASK_TTL_MS),
    status: "completed",
    statusMessage: null,
    result,
    pollIntervalMs: 1_000,
  });
}

async function insertTask(
  app: App,
  task: NewTask & {
    id: string;
    approvalId: string | null;
    ttlMs: number;
    status: McpTaskStatus;
    statusMessage: string | null;
    result: CallToolResult | null;
    pollIntervalMs: number;
  },
): Promise<McpTaskRow> {
  const now = new Date();
  // Tasks past their lifetime are discarded here, by whoever creates the next one (cheap: an index).
  await app.db.delete(mcpTask).where(lt(mcpTask.expiresAt, now));
  const [row] = await app.db
    .insert(mcpTask)
    .values({
      id: task.id,
      organizationId: task.principal.organizationId,
      projectId: task.principal.projectId,
      owner: taskOwnerOf(task.principal),
      toolName: task.toolName,
      approvalId: task.approvalId,
      status: task.status,
      statusMessage: task.statusMessage,
      result: task.result ? plainJson(task.result) : null,
      ttlMs: task.ttlMs,
      pollIntervalMs: task.pollIntervalMs,
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + task.ttlMs),
    })
    .returning();
  if (!row) throw new Error("task not stored");
  return row;
}

/** Plain JSON: a result's marks (symbols) stay in this process. */
const plainJson = (result: CallToolResult) => JSON.parse(JSON.stringify(result)) as CallToolResult;

/** The caller's task as it is now, a held call's brought up to date with its approval; undefined if not theirs. */
export async function readTask(
  app: App,
  principal: Principal,
  taskId: string,
  runner: CallRunner,
): Promise<McpTaskRow | undefined> {
  if (taskId.length > 80) return undefined;
  const [row] = await app.db
    .select()
    .from(mcpTask)
    .where(
      and(
        eq(mcpTask.id, taskId),
        eq(mcpTask.projectId, principal.projectId),
        eq(mcpTask.owner, taskOwnerOf(principal)),
      ),
    );
  if (!row || terminal(row.status) || !row.approvalId) return row;
  return followApproval(app, row, runner);
}

/** A held call's task after its approval: still working, or finished with the call's outcome. */
async function followApproval(app: App, row: McpTaskRow, runner: CallRunner): Promise<McpTaskRow> {
  const found = await readApproval(app.db, row.approvalId as string);
  if (!found) return finish(app, row, "cancelled", "The held call is gone.", null);
  const approval = await expireIfDue(app, found);
  if (approval.status === "pending") return row;
  if (approval.status !== "approved") {
    const result = closedResult(approval);
    return finish(app, row, "completed", textOf(result), result);
  }
  // Approved: the inbox runs it in the background; whoever comes first runs it, once, and the rest
  // read the kept result. Another process running it leaves the task working until it is kept.
  const result =
    (approval.result as CallToolResult | null) ?? (await runApprovedCall(app, approval.id, runner));
  if (!result) return { ...row, statusMessage: `Approved; ${approval.summary} is running.` };
  const by = approval.decidedByName ? ` by ${approval.decidedByName}` : "";
  return finish(app, row, "completed", `Approved${by} and run.`, result);
}

function finish(
  app: App,
  row: McpTaskRow,
  status: McpTaskStatus,
  statusMessage: string,
  result: CallToolResult | null,
): Promise<McpTaskRow> {
  const stored = result ? plainJson(result) : null;
  const updated = { ...row, status, statusMessage, result: stored, updatedAt: new Date() };
  return app.db
    .update(mcpTask)
    .set({ status, statusMessage, result: stored, updatedAt: updated.updatedAt })
    .where(eq(mcpTask.id, row.id))
    .then(() => updated);
}

const textOf = (result: CallToolResult) =>
  result.content.map((part) => (part.type === "text" ? part.text : "")).join(" ");

/** The caller's tasks, newest first, a page at a time (the cursor is the last id of the page before). */
export async function listTasks(
  app: App,
  principal: Principal,
  cursor: string | undefined,
  runner: CallRunner,
  pageSize = 50,
): Promise<{ rows: McpTaskRow[]; nextCursor?: string }> {
  const owned = and(eq(mcpTask.projectId, principal.projectId), eq(mcpTask.owner, taskOwnerOf(principal)));
  let after = owned;
  if (cursor) {
    const [last] = await app.db
      .select()
      .from(mcpTask)
      .where(and(owned, eq(mcpTask.id, cursor)));
    if (!last) throw new RangeError("The cursor is not one this server gave.");
    after = and(
      owned,
      or(
        lt(mcpTask.createdAt, last.createdAt),
        and(eq(mcpTask.createdAt, last.createdAt), lt(mcpTask.id, last.id)),
      ),
    );
  }
  const page = await app.db
    .select()
    .from(mcpTask)
    .where(after)
    .orderBy(desc(mcpTask.createdAt), desc(mcpTask.id))
    .limit(pageSize + 1);
  const rows = await Promise.all(
    page
      .slice(0, pageSize)
      .map((row) => (terminal(row.status) || !row.approvalId ? row : followApproval(app, row, runner))),
  );
  return { rows, nextCursor: page.length > pageSize ? rows[rows.length - 1]?.id : undefined };
}

/**
 * The caller withdraws a task: a held call nobody decided yet is closed as withdrawn (it never runs);
 * one already decided keeps its outcome. Returns the task as it is after, or undefined if not theirs.
 */
export async function cancelTask(
  app: App,
  principal: Principal,
  taskId: string,
  runner: CallRunner,
): Promise<McpTaskRow | undefined> {
  const row = await readTask(app, principal, taskId, runner);
  if (!row || terminal(row.status)) return row;
  if (row.approvalId) {
    const approvalId = row.approvalId;
    const withdrawn = await app.db.transaction(async (tx) => {
      const [closed] = await tx
        .update(toolApproval)
        .set({ status: "denied", reason: "withdrawn by the caller", decidedAt: new Date() })
        .where(and(eq(toolApproval.id, approvalId), eq(toolApproval.status, "pending")))
        .returning();
      if (!closed) return null;
      await recordHeldCallEvent(tx, closed, {
        action: "tool_call.withdrawn",
        actorId: principal.person,
        details: { tool: closed.toolName, caller: closed.callerName },
      });
      return closed;
    });
    // Decided meanwhile: the task follows that decision instead.
    if (!withdrawn) return readTask(app, principal, taskId, runner);
    approvalDecided(app, withdrawn);
    await app.gateway.approvals.changed(row.approvalId).catch(() => undefined);
  }
  return finish(app, row, "cancelled", "The caller cancelled the task.", null);
}
