import { describe, expect, it } from "vitest";
import type { Principal } from "../auth/principal.ts";
import type { GatewayTool } from "../catalogue/tool-types.ts";
import { runTool, type ToolRunOptions } from "./run-tool.ts";

const recorded: { toolName: string; status: string; errorMessage: string | null }[] = [];
const options: ToolRunOptions = {
  recorder: { record: (call: (typeof recorded)[number]) => recorded.push(call) } as never,
  timeoutMs: 50,
  allowPrivateUrls: false,
  channel: "mcp",
  reportError: () => undefined,
};
const principal = { projectId: "p" } as Principal;
const tool = (run: GatewayTool["run"]): GatewayTool => ({
  name: "slow",
  title: "Slow",
  description: "",
  inputSchema: { type: "object" },
  annotations: {},
  serverId: null,
  serverName: "standard",
  run,
});

describe("runTool", () => {
  it("ends a tool that ignores its signal at the time limit, aborting the signal it was given", async () => {
    let seen: AbortSignal | undefined;
    const result = await runTool(
      tool((_args, context) => {
        seen = context.signal;
        return new Promise(() => undefined);
      }),
      {},
      principal,
      options,
    );
    expect(result).toEqual({
      isError: true,
      content: [{ type: "text", text: "The tool slow did not finish within 0.05 seconds." }],
    });
    expect(seen?.aborted).toBe(true);
    expect(recorded.at(-1)).toMatchObject({ toolName: "slow", status: "error" });
  });

  it("passes the client's cancellation to the tool", async () => {
    const client = new AbortController();
    const running = runTool(
      tool(
        (_args, context) =>
          new Promise((resolve) =>
            context.signal.addEventListener("abort", () =>
              resolve({ content: [{ type: "text", text: "stopped" }] }),
            ),
          ),
      ),
      {},
      principal,
      { ...options, timeoutMs: 10_000, signal: client.signal },
    );
    client.abort();
    expect(await running).toEqual({ content: [{ type: "text", text: "stopped" }] });
  });
});
