// Governance in admission (gateway/pipeline/admission.ts): what the project's policy decides for a call, and what
// becomes of one that does not simply run. Only reached for a project with policies or Protect writes
// (ProjectTools.governance), or for a call that asks after an approval it was given.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { and, eq, isNull } from "drizzle-orm";
import type { App } from "../app-services.ts";
import { recordAuditEvent } from "../audit/record-audit-event.ts";
import { project, toolApproval } from "../db/schema/index.ts";
import type { ToolCall, ToolCallOutcome } from "../gateway/pipeline/tool-call.ts";

/** admission.ts's callTool, handed in (admission calls this module, so it cannot be imported here). */
export type CallRunner = (app: App, call: ToolCall) => Promise<ToolCallOutcome>;

import type { Principal } from "../gateway/auth/principal.ts";
import { toolCallTarget } from "../gateway/catalogue/project-tools.ts";
import { toolError } from "../gateway/catalogue/tool-types.ts";
import { storedArguments } from "../gateway/pipeline/call-log-row.ts";
import { mailReviewers } from "./approval-mail.ts";
import {
  APPROVAL_ID_ARGUMENT,
  type ApprovalRow,
  closedResult,
  describeCall,
  expireIfDue,
  holdCall,
  pendingResult,
  readApproval,
} from "./approval-store.ts";
import { confirmationNeeded, consentAnswerOf, consentAskable } from "./consent.ts";
import { decide, type ProjectGovernance } from "./project-governance.ts";

/** How long a retry with an approval's id waits for the decision before it answers "still waiting". */
export const APPROVAL_WAIT_MS = 20_000;

const PENDING_APPROVAL = Symbol("portico.pendingApproval");

/** The approval a result says the call waits on (an agent's run pauses on it). */
export const pendingApprovalOf = (result: CallToolResult): string | undefined =>
  (result as CallToolResult & { [PENDING_APPROVAL]?: string })[PENDING_APPROVAL];

const markPending = (result: CallToolResult, id: string) =>
  Object.defineProperty(result, PENDING_APPROVAL, { value: id, configurable: true });

/** Governance's answer: run the call (with the decision for the call log), or this outcome instead. */
export type Gate = { run: true; decision: string } | { run: false; outcome: ToolCallOutcome };

/** The policy's decision for a call, and what it means: run, ask, hold, or refuse. */
export async function gateCall(app: App, call: ToolCall, governance: ProjectGovernance): Promise<Gate> {
  const { tool, args, principal } = call;
  const verdict = decide(governance, tool, args, principal);
  if (verdict.action === "allow") return { run: true, decision: verdict.decidedBy };
  if (verdict.action === "deny") {
    const text = `Portico's policy for this project does not allow ${describeCall(tool, args)} (${verdict.decidedBy}). It was not run.`;
    recordDecision(app, call, `${verdict.decidedBy}`, text);
    void auditDecision(app, principal, "tool_call.denied_by_policy", tool.name, verdict.decidedBy).catch(
      () => undefined,
    );
    return { run: false, outcome: { ok: true, result: toolError(text) } };
  }
  if (verdict.action === "confirm" && principal.person) {
    const answer = consentAnswerOf(args);
    if (answer === "accept") {
      void auditDecision(app, principal, "tool_call.confirmed", tool.name, verdict.decidedBy).catch(
        () => undefined,
      );
      return { run: true, decision: `${verdict.decidedBy} · confirmed by the caller` };
    }
    if (answer === "decline") {
      const text = `You declined ${describeCall(tool, args)}. It was not run.`;
      recordDecision(app, call, `${verdict.decidedBy} · declined by the caller`, text);
      void auditDecision(app, principal, "tool_call.declined", tool.name, verdict.decidedBy).catch(
        () => undefined,
      );
      return { run: false, outcome: { ok: true, result: toolError(text) } };
    }
    if (consentAskable(args)) {
      return {
        run: false,
        outcome: { ok: true, result: confirmationNeeded(`${describeCall(tool, args)}?`) },
      };
    }
  }
  // Approve, or a confirmation no client can ask for: held in Portico. A project key is nobody, so
  // what its caller would confirm goes to the project's reviewers instead.
  const kind = verdict.action === "confirm" && principal.person ? "confirm" : "approve";
  const row = await holdCall(app, {
    kind,
    tool,
    args,
    principal,
    door: call.door,
    verdict,
    agentRunId: call.agentRunId,
  });
  if (kind === "approve") mailReviewers(app, row);
  recordDecision(app, call, `${verdict.decidedBy} · held as ${row.id}`, "Waiting for approval");
  return { run: false, outcome: { ok: true, result: markPending(pendingResult(app, row), row.id) } };
}

/** A call that did not run, in the call log with what decided it (counted like any call). */
function recordDecision(app: App, call: ToolCall, decision: string, message: string): void {
  app.gateway.recorder.record({
    principal: call.principal,
    serverId: call.tool.serverId,
    serverName: call.tool.serverName,
    toolName: call.tool.name,
    channel: call.door,
    status: "error",
    durationMs: 0,
    errorMessage: message,
    arguments: storedArguments(call.args),
    decision,
    at: new Date(),
  });
}

async function auditDecision(
  app: App,
  principal: Principal,
  action: "tool_call.denied_by_policy" | "tool_call.confirmed" | "tool_call.declined",
  toolName: string,
  decidedBy: string,
): Promise<void> {
  const [owner] = await app.db
    .select({ name: project.name })
    .from(project)
    .where(eq(project.id, principal.projectId));
  await recordAuditEvent(app.db, {
    organizationId: principal.organizationId,
    action,
    actorId: principal.person,
    project: { id: principal.projectId, name: owner?.name ?? "" },
    details: { tool: toolName, policy: decidedBy, caller: principal.callerName },
  });
}

/** The approval id a call carries, when it asks after one. */
export function approvalIdOf(args: Record<string, unknown>): string | undefined {
  const id = args[APPROVAL_ID_ARGUMENT];
  return typeof id === "string" ? id : undefined;
}

/**
 * A call again with an approval's id: the outcome once decided (waiting up to APPROVAL_WAIT_MS for it),
 * the approved call's result (run now if nobody ran it yet, and only once), or "still waiting".
 */
export async function approvalOutcome(
  app: App,
  call: ToolCall,
  id: string,
  runner: CallRunner,
): Promise<ToolCallOutcome> {
  let readAt = Date.now();
  let row = await readApproval(app.db, id);
  if (!row || row.projectId !== call.principal.projectId) {
    return { ok: true, result: toolError(`There is no approval ${id} in this project.`) };
  }
  if (row.toolName !== call.tool.name) {
    return {
      ok: true,
      result: toolError(`Approval ${id} is for the tool ${row.toolName}, not ${call.tool.name}.`),
    };
  }
  row = await expireIfDue(app, row);
  // Woken early by another change of the row (the decision's notification arriving after the row
  // already said so), it looks again and waits out the rest.
  const waitEnds = Date.now() + Math.min(APPROVAL_WAIT_MS, row.expiresAt.getTime() - Date.now() + 50);
  while (row.status === "pending" && Date.now() < waitEnds && !call.signal?.aborted) {
    await app.gateway.approvals.wait(id, waitEnds - Date.now(), call.signal, readAt);
    readAt = Date.now();
    row = await expireIfDue(app, (await readApproval(app.db, id)) ?? row);
  }
  const result = await settledResult(app, row, runner, call.signal);
  return { ok: true, result: result ?? markPending(pendingResult(app, row), row.id) };
}

/** The held call's outcome when it has one: its result, or why it did not run; undefined while pending. */
export async function settledResult(
  app: App,
  row: ApprovalRow,
  runner: CallRunner,
  signal?: AbortSignal,
): Promise<CallToolResult | undefined> {
  if (row.status === "pending") return undefined;
  if (row.status !== "approved") return closedResult(row);
  if (row.result) return row.result as CallToolResult;
  let readAt = Date.now();
  const ran = await runApprovedCall(app, row.id, runner);
  if (ran) return ran;
  // Another process is running it: its result comes with a notification (an earlier change's may
  // arrive first: then it looks again and waits out the rest).
  const waitEnds = Date.now() + app.config.toolTimeoutMs + 5_000;
  let after = await readApproval(app.db, row.id);
  while (after && !after.result && Date.now() < waitEnds && !signal?.aborted) {
    await app.gateway.approvals.wait(row.id, waitEnds - Date.now(), signal, readAt);
    readAt = Date.now();
    after = await readApproval(app.db, row.id);
  }
  return after?.result
    ? (after.result as CallToolResult)
    : toolError(
        `The approved call ${row.summary} is still running. Ask again with the same ${APPROVAL_ID_ARGUMENT}.`,
      );
}

/**
 * Runs an approved call, once: whoever sets ran_at first runs it through the same admission as a direct
 * call (quota, call log, trace) with the caller it was held for, and keeps the result for every retry.
 * Null when it was not this caller's to run (not approved, or already claimed).
 */
export async function runApprovedCall(
  app: App,
  id: string,
  runner: CallRunner,
): Promise<CallToolResult | null> {
  const [row] = await app.db
    .update(toolApproval)
    .set({ ranAt: new Date() })
    .where(and(eq(toolApproval.id, id), eq(toolApproval.status, "approved"), isNull(toolApproval.ranAt)))
    .returning();
  if (!row) return null;
  let result: CallToolResult;
  try {
    const tools = await app.gateway.tools.toolsFor(row.projectId);
    const target = toolCallTarget(tools, row.toolName, row.arguments);
    if (!target || !("tool" in target)) {
      result = toolError(
        `The tool ${row.toolName} is no longer in this project, so the approved call was not run.`,
      );
    } else {
      const by = row.decidedByName ? ` · approved by ${row.decidedByName}` : " · approved";
      const outcome = await runner(app, {
        door: row.channel,
        tool: target.tool,
        args: target.args,
        principal: row.principal,
        approvedDecision: `${row.decidedByPolicy}${by}${row.reason ? ` (${row.reason})` : ""}`,
      });
      result = outcome.ok ? outcome.result : toolError(outcome.refusal.message);
    }
  } catch (error) {
    result = toolError(`The approved call failed unexpectedly: ${(error as Error).message}`);
  }
  // Plain JSON: the marks (symbols) of a result stay in this process.
  const stored = JSON.parse(JSON.stringify(result)) as CallToolResult;
  await app.db.update(toolApproval).set({ result: stored }).where(eq(toolApproval.id, id));
  await app.gateway.approvals.changed(id).catch(() => undefined);
  return stored;
}
