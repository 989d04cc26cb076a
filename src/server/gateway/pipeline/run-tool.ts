// Runs one tool for a caller: a time limit on every run, failures turned into isError results the
// model can read (never a protocol error), and the call recorded for the log and usage.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { CallChannel } from "../../db/schema/gateway.ts";
import { startDeadline } from "../../deadline.ts";
import { type CallTrace, childSpan, endSpan, SpanKind } from "../../observability/call-trace.ts";
import type { Principal } from "../auth/principal.ts";
import { type GatewayTool, toolError } from "../catalogue/tool-types.ts";
import { nestedDeeperThan, TOO_DEEP_MESSAGE } from "./argument-depth.ts";
import { storedArguments } from "./call-log-row.ts";
import type { CallRecorder } from "./call-recorder.ts";
import { servedByOf } from "./served-by.ts";

export interface ToolRunOptions {
  /** `room` applies the call log's back-pressure (call-recorder.ts); recorders without it have none. */
  recorder: Pick<CallRecorder, "record"> & Partial<Pick<CallRecorder, "room">>;
  timeoutMs: number;
  allowPrivateUrls: boolean;
  channel: CallChannel;
  /** The client's own cancellation (request aborted, notifications/cancelled). */
  signal?: AbortSignal;
  /** Sends the client a progress message (MCP progress notifications, when it asked for them). */
  onProgress?: (message: string) => void;
  reportError(error: unknown): void;
  /** The call's trace (observability/call-trace.ts): its id goes into the log, its span gets a child. */
  trace?: CallTrace | null;
  /** Which policy or rule let the call run, and who confirmed or approved it (governance), for the log. */
  decision?: string | null;
}

class ToolTimeout extends Error {}

/** The call-log write span's attributes, the same for every call (shared, so frozen). */
const CALL_LOG_WRITE_ATTRIBUTES = Object.freeze({ "portico.call_log.write": "batched" });

export const CALL_LOG_BUSY =
  "Portico is busy recording earlier calls and could not take this one in time. Try again in a few seconds.";

/**
 * Waits for the call log to have room, within the call's own time limit and cancellation; false when
 * it did not come in time. The waiting counts against the tool's time limit.
 */
async function admitted(room: Promise<void>, options: ToolRunOptions): Promise<boolean> {
  const deadline = startDeadline(options.signal, options.timeoutMs, () => undefined);
  try {
    const gaveUp = new Promise<false>((resolve) => {
      if (deadline.signal.aborted) resolve(false);
      deadline.signal.addEventListener("abort", () => resolve(false), { once: true });
    });
    return await Promise.race([room.then(() => true), gaveUp]);
  } finally {
    deadline.release();
  }
}

function errorText(result: CallToolResult): string {
  const first = result.content.find((item) => item.type === "text");
  return first && "text" in first ? first.text : "Tool reported an error";
}

export async function runTool(
  tool: GatewayTool,
  args: Record<string, unknown>,
  principal: Principal,
  options: ToolRunOptions,
): Promise<CallToolResult> {
  // The caller's mistake, answered before anything runs: not recorded (the log could not store it).
  if (nestedDeeperThan(args)) return toolError(TOO_DEEP_MESSAGE);
  // Not run, not recorded and not billed when the call log stays full past the time limit.
  const room = options.recorder.room?.();
  if (room && !(await admitted(room, options))) return toolError(CALL_LOG_BUSY);
  const started = performance.now();
  const at = new Date();
  // The time limit ends the run even when the tool ignores its signal: it settles `outcome` first.
  // (One promise for both, where Promise.race needed three, and left a reaction on the time limit's.)
  let settle!: { resolve(result: CallToolResult): void; reject(reason: unknown): void };
  const outcome = new Promise<CallToolResult>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const deadline = startDeadline(options.signal, options.timeoutMs, () => settle.reject(new ToolTimeout()));
  let result: CallToolResult;
  try {
    tool
      .run(args, {
        principal,
        signal: deadline.signal,
        allowPrivateUrls: options.allowPrivateUrls,
        progress: options.onProgress,
        trace: options.trace,
      })
      .then(settle.resolve, settle.reject);
    result = await outcome;
  } catch (error) {
    if (error instanceof ToolTimeout) {
      result = toolError(`The tool ${tool.name} did not finish within ${options.timeoutMs / 1000} seconds.`);
    } else {
      options.reportError(error);
      result = toolError(`The tool ${tool.name} failed unexpectedly. Try again later.`);
    }
  } finally {
    deadline.release();
  }
  const trace = options.trace;
  const finished = performance.now();
  const recordSpan = trace?.span
    ? childSpan(trace, "call-log write", CALL_LOG_WRITE_ATTRIBUTES, SpanKind.INTERNAL, finished)
    : null;
  options.recorder.record({
    principal,
    serverId: tool.serverId,
    serverName: tool.serverName,
    toolName: tool.name,
    channel: options.channel,
    status: result.isError ? "error" : "success",
    durationMs: finished - started,
    errorMessage: result.isError ? errorText(result) : null,
    arguments: storedArguments(args),
    traceId: trace?.traceId ?? null,
    servedBy: servedByOf(result),
    decision: options.decision ?? null,
    at,
  });
  endSpan(recordSpan);
  return result;
}
