// 2025-11-25's tasks on /mcp: the 1.x SDK answers tasks/get, tasks/result, tasks/list and tasks/cancel
// from a TaskStore, and this one is governance/mcp-tasks.ts bound to the request's caller, so a task
// made on one replica is polled on another and only by the caller who made it (the SDK's sessionId is
// always undefined on this stateless endpoint). Tasks are created by mcp-server.ts's tools/call.
import type { TaskStore } from "@modelcontextprotocol/sdk/experimental/tasks";
import {
  type CallToolResult,
  ErrorCode,
  McpError,
  type Result,
  type Task,
} from "@modelcontextprotocol/sdk/types.js";
import type { App } from "../../app-services.ts";
import type { CallRunner } from "../../governance/gate.ts";
import {
  cancelTask,
  createFinishedTask,
  createHeldTask,
  listTasks,
  type McpTaskRow,
  readTask,
} from "../../governance/mcp-tasks.ts";
import type { Principal } from "../auth/principal.ts";

/** What mcp-server.ts's tools/call needs to answer a task-augmented call, and the SDK's store. */
export interface TaskSupport {
  store: TaskStore;
  /** The task for a call that is held (`approvalId`) or finished (`result`). */
  create(
    toolName: string,
    ttlMs: number | null | undefined,
    outcome: { approvalId: string } | { result: CallToolResult },
  ): Promise<Task>;
}

/**
 * The row as 2025-11-25's Task: a tool result with isError is "failed" there ("for tool calls, this
 * includes results with isError"), though the row keeps "completed" as 2026-07-28 says; tasks/result
 * gives the result either way.
 */
export function taskOf2025(row: McpTaskRow): Task {
  const isError = (row.result as CallToolResult | null)?.isError === true;
  return {
    taskId: row.id,
    status: row.status === "completed" && isError ? "failed" : row.status,
    ...(row.statusMessage ? { statusMessage: row.statusMessage } : {}),
    createdAt: row.createdAt.toISOString(),
    lastUpdatedAt: row.updatedAt.toISOString(),
    ttl: row.ttlMs,
    pollInterval: row.pollIntervalMs,
  };
}

const notFound = (taskId: string) => new McpError(ErrorCode.InvalidParams, `Task not found: ${taskId}`);

export function tasksFor2025(app: App, principal: Principal, runner: CallRunner): TaskSupport {
  const store: TaskStore = {
    createTask() {
      throw new Error("Portico's tools/call creates its tasks itself (TaskSupport.create)");
    },
    async getTask(taskId) {
      const row = await readTask(app, principal, taskId, runner);
      return row ? taskOf2025(row) : null;
    },
    async storeTaskResult() {
      throw new Error("a task's result is kept by governance/mcp-tasks.ts");
    },
    async getTaskResult(taskId): Promise<Result> {
      const row = await readTask(app, principal, taskId, runner);
      if (!row) throw notFound(taskId);
      if (!row.result) {
        throw new McpError(
          ErrorCode.InvalidRequest,
          `Task ${taskId} has no result: ${row.statusMessage ?? row.status}`,
        );
      }
      return row.result as CallToolResult;
    },
    async updateTaskStatus(taskId, status) {
      // The only status a client sets is "cancelled" (tasks/cancel); the rest follow the call.
      if (status !== "cancelled") return;
      if (!(await cancelTask(app, principal, taskId, runner))) throw notFound(taskId);
    },
    async listTasks(cursor) {
      const { rows, nextCursor } = await listTasks(app, principal, cursor, runner);
      return { tasks: rows.map(taskOf2025), ...(nextCursor ? { nextCursor } : {}) };
    },
  };
  return {
    store,
    async create(toolName, ttlMs, outcome) {
      const task = { principal, toolName, ttlMs };
      const row =
        "approvalId" in outcome
          ? await createHeldTask(app, task, outcome.approvalId)
          : await createFinishedTask(app, task, outcome.result);
      return taskOf2025(row);
    },
  };
}
