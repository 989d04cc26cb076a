// Runs one tool for a caller: a time limit on every run, failures turned into isError results the
// model can read (never a protocol error), and the call recorded for the log and usage.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { CallRecorder } from "./call-recorder.ts";
import type { Principal } from "./principal.ts";
import type { GatewayTool } from "./tool-types.ts";

export interface ToolRunOptions {
  recorder: CallRecorder;
  timeoutMs: number;
  allowPrivateUrls: boolean;
  channel: "mcp" | "rest";
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
  // One controller aborted by the time limit or by the client. Linked by hand rather than with
  // AbortSignal.any, whose weak-reference bookkeeping is a visible share of a fast tool call.
  const controller = new AbortController();
  const signal = controller.signal;
  const clientSignal = options.signal;
  const onClientAbort = () => controller.abort(clientSignal?.reason);
  if (clientSignal?.aborted) onClientAbort();
  else clientSignal?.addEventListener("abort", onClientAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(new ToolTimeout());
      reject(new ToolTimeout());
    }, options.timeoutMs);
  });
  let result: CallToolResult;
  try {
    result = await Promise.race([
      tool.run(args, { principal, signal, allowPrivateUrls: options.allowPrivateUrls }),
      expired,
    ]);
  } catch (error) {
    if (error instanceof ToolTimeout) {
      result = toolFailure(
        `The tool ${tool.name} did not finish within ${options.timeoutMs / 1000} seconds.`,
      );
    } else {
      options.reportError(error);
      result = toolFailure(`The tool ${tool.name} failed unexpectedly. Try again later.`);
    }
  } finally {
    clearTimeout(timer);
    clientSignal?.removeEventListener("abort", onClientAbort);
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
    at,
  });
  return result;
}

export function toolFailure(message: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text: message }] };
}
