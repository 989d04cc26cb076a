// The one place Neo's tool steps enter the gateway: admission.ts's callTool, the path every tool call
// takes (plan and quota, time limit, call log as door "agent"), with the project's tools from the
// gateway's catalogue and the run's principal.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { App } from "../../app-services.ts";
import type { Principal } from "../../gateway/auth/principal.ts";
import { type GatewayTool, toolError } from "../../gateway/catalogue/tool-types.ts";
import { callTool } from "../../gateway/pipeline/admission.ts";
import { expireIfDue, readApproval } from "../../governance/approval-store.ts";
import { pendingApprovalOf, settledResult } from "../../governance/gate.ts";

export async function projectToolsForAgent(app: App, projectId: string): Promise<GatewayTool[]> {
  const { byName } = await app.gateway.tools.toolsFor(projectId);
  return [...byName.values()];
}

/** How often a step waiting for approval looks at its row again when no notification came. */
const APPROVAL_RECHECK_MS = 60_000;

/**
 * A step refused by the plan's quota comes back as the tool's error, so the answer names the limit. A
 * step the project's policy holds for approval pauses the run (`onWaiting` tells the person); this
 * process waits for the decision up to `waitMs` (well inside the time limit of the call that started
 * the run) or the run's signal: the approved call's result, or the denial, is then the step's result
 * the agent sees. Still undecided, the held result comes back (pendingApprovalOf) and the run stays
 * paused for whichever process is up when it is decided (waiting-runs.ts).
 */
export async function runStepTool(
  app: App,
  principal: Principal,
  tool: GatewayTool,
  args: Record<string, unknown>,
  signal: AbortSignal | undefined,
  run?: { runId: string; waitMs: number; onWaiting: (approvalId: string) => void },
): Promise<CallToolResult> {
  const outcome = await callTool(app, {
    door: "agent",
    tool,
    args,
    principal,
    signal,
    agentRunId: run?.runId,
  });
  if (!outcome.ok) return toolError(outcome.refusal.message);
  const approvalId = pendingApprovalOf(outcome.result);
  if (!approvalId) return outcome.result;
  run?.onWaiting(approvalId);
  const waitEnds = AbortSignal.timeout(run?.waitMs ?? 0);
  const waitSignal = signal ? AbortSignal.any([signal, waitEnds]) : waitEnds;
  while (!waitSignal.aborted) {
    const readAt = Date.now();
    const row = await readApproval(app.db, approvalId);
    if (!row) break;
    const current = await expireIfDue(app, row);
    const settled = await settledResult(app, current, callTool, waitSignal);
    if (settled) return settled;
    const left = current.expiresAt.getTime() - Date.now() + 50;
    await app.gateway.approvals.wait(
      approvalId,
      Math.max(0, Math.min(APPROVAL_RECHECK_MS, left)),
      waitSignal,
      readAt,
    );
  }
  return outcome.result;
}
