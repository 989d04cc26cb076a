// 2026-07-28's Tasks extension (io.modelcontextprotocol/tasks, SEP-2663) on /mcp: the server decides
// per call whether to answer with a task, and Portico does for a call held for approval when the
// request declared the extension; the client then polls tasks/get until the task is complete (the
// result is inline) and may tasks/cancel it. The v2 SDK has no task support of its own yet, so
// modern-mcp.ts registers these methods with their params' schemas; the rows are
// governance/mcp-tasks.ts's, shared with the 2025-11-25 adapter (tasks-2025.ts).
import { z } from "zod";
import type { App } from "../../app-services.ts";
import type { CallRunner } from "../../governance/gate.ts";
import { cancelTask, createHeldTask, type McpTaskRow, readTask } from "../../governance/mcp-tasks.ts";
import type { Principal } from "../auth/principal.ts";

export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

/** tasks/get, tasks/update and tasks/cancel all name the task; requestState is not used by Portico. */
export const TaskRequestParamsSchema = z.looseObject({
  taskId: z.string().min(1).max(200),
  requestState: z.string().optional(),
});

/** The row as the extension's DetailedTask: a finished task carries its result inline. */
export function taskOf2026(row: McpTaskRow) {
  return {
    taskId: row.id,
    status: row.status,
    ...(row.statusMessage ? { statusMessage: row.statusMessage } : {}),
    createdAt: row.createdAt.toISOString(),
    lastUpdatedAt: row.updatedAt.toISOString(),
    ttlSeconds: row.ttlMs === null ? null : Math.ceil(row.ttlMs / 1000),
    pollIntervalMilliseconds: row.pollIntervalMs,
    ...(row.status === "completed" && row.result ? { result: row.result as Record<string, unknown> } : {}),
  };
}

export interface ModernTasks {
  /** The CreateTaskResult for a call held as `approvalId`. */
  createHeld(toolName: string, approvalId: string): Promise<Record<string, unknown>>;
  /** tasks/get's answer; undefined for a task that is not the caller's. */
  get(taskId: string): Promise<Record<string, unknown> | undefined>;
  /** tasks/cancel: withdraws a held call nobody decided yet (an acknowledgement either way). */
  cancel(taskId: string): Promise<void>;
}

export function tasksFor2026(app: App, principal: Principal, runner: CallRunner): ModernTasks {
  return {
    async createHeld(toolName, approvalId) {
      const row = await createHeldTask(app, { principal, toolName, ttlMs: null }, approvalId);
      return { resultType: "task", ...taskOf2026(row) };
    },
    async get(taskId) {
      const row = await readTask(app, principal, taskId, runner);
      return row ? taskOf2026(row) : undefined;
    },
    async cancel(taskId) {
      await cancelTask(app, principal, taskId, runner);
    },
  };
}

/** Whether the request declared the Tasks extension in its per-request client capabilities. */
export function declaresTasks(clientCapabilities: unknown): boolean {
  const extensions = (clientCapabilities as { extensions?: Record<string, unknown> } | undefined)?.extensions;
  return typeof extensions?.[TASKS_EXTENSION] === "object" && extensions[TASKS_EXTENSION] !== null;
}
