// The one place Neo's tool steps enter the gateway: the same runTool that /mcp and /api/v1 use, with
// the project's tools from the gateway's catalogue, the run's principal, the time limit and the call
// log (channel "agent"). Billing's admission path replaces the body of this file when it lands.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { App } from "../../app.ts";
import type { Principal } from "../../gateway/principal.ts";
import { runTool } from "../../gateway/run-tool.ts";
import type { GatewayTool } from "../../gateway/tool-types.ts";
import { reportError } from "../../observability/report-error.ts";

export async function projectToolsForAgent(app: App, projectId: string): Promise<GatewayTool[]> {
  const { byName } = await app.gateway.tools.toolsFor(projectId);
  return [...byName.values()];
}

export function runStepTool(
  app: App,
  principal: Principal,
  tool: GatewayTool,
  args: Record<string, unknown>,
  signal: AbortSignal | undefined,
): Promise<CallToolResult> {
  return runTool(tool, args, principal, {
    recorder: app.gateway.recorder,
    timeoutMs: app.config.toolTimeoutMs,
    allowPrivateUrls: app.config.allowPrivateUrls,
    channel: "agent",
    signal,
    reportError: (error) => reportError(error, { where: "agent-step" }),
  });
}
