// The one place Neo's tool steps enter the gateway: admission.ts's callTool, the path every tool call
// takes (plan and quota, time limit, call log as door "agent"), with the project's tools from the
// gateway's catalogue and the run's principal.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { App } from "../../app.ts";
import { callTool } from "../../gateway/admission.ts";
import type { Principal } from "../../gateway/principal.ts";
import { type GatewayTool, toolError } from "../../gateway/tool-types.ts";

export async function projectToolsForAgent(app: App, projectId: string): Promise<GatewayTool[]> {
  const { byName } = await app.gateway.tools.toolsFor(projectId);
  return [...byName.values()];
}

/** A step refused by the plan's quota comes back as the tool's error, so the answer names the limit. */
export async function runStepTool(
  app: App,
  principal: Principal,
  tool: GatewayTool,
  args: Record<string, unknown>,
  signal: AbortSignal | undefined,
): Promise<CallToolResult> {
  const outcome = await callTool(app, { door: "agent", tool, args, principal, signal });
  return outcome.ok ? outcome.result : toolError(outcome.refusal.message);
}
