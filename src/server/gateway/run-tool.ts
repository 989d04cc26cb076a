// Runs one tool for a caller: a time limit on every run, failures turned into isError results the
// model can read (never a protocol error), and the call recorded for the log and usage.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { startDeadline } from "../deadline.ts";
import { type CallRecorder, storedArguments } from "./call-recorder.ts";
import type { Principal } from "./principal.ts";
import { type GatewayTool, toolError } from "./tool-types.ts";

export interface ToolRunOptions {
  recorder: Pick<CallRecorder, "record">;
  timeoutMs: number;
  allowPrivateUrls: boolean;
  channel: "mcp" | "rest" | "playground";
  /** The client's own cancellation (request aborted, notifications/cancelled). */
  signal?: AbortSignal;
  reportError(error: unknown): void;
}

class ToolTimeout extends Error {}

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
      .run(args, { principal, signal: deadline.signal, allowPrivateUrls: options.allowPrivateUrls })
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
  options.recorder.record({
    principal,
    serverId: tool.serverId,
    serverName: tool.serverName,
    toolName: tool.name,
    channel: options.channel,
    status: result.isError ? "error" : "success",
    durationMs: performance.now() - started,
    errorMessage: result.isError ? errorText(result) : null,
    arguments: storedArguments(args),
    at,
  });
  return result;
}
