// The approval inbox: a project's held calls, listed with their arguments redacted, and decided by a
// reviewer (approve or deny, with a reason), or by the calling person for a call they confirm. A
// decision is one conditional update, so two reviewers on two replicas cannot both decide; an approved
// call then runs here at once (and only once: gate.ts's runApprovedCall), and whoever waits on it is
// woken wherever they wait.
import { and, count, desc, eq, gt } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import type { App } from "../app-services.ts";
import { recordAuditEvent } from "../audit/record-audit-event.ts";
import { approvalDecided } from "../builder-webhooks/origin-events.ts";
import { type ApprovalStatus, toolApproval, user } from "../db/schema/index.ts";
import { callTool } from "../gateway/pipeline/admission.ts";
import { argumentsJson } from "../gateway/pipeline/redact-arguments.ts";
import { reportError } from "../observability/report-error.ts";
import { requireProjectAction } from "../projects/access.ts";
import { expireIfDue, readApproval } from "./approval-store.ts";
import { runApprovedCall } from "./gate.ts";
import { reviewsProject } from "./reviewers.ts";

export async function listApprovals(
  app: App,
  userId: string,
  projectId: string,
  filter: { status?: ApprovalStatus; limit: number },
) {
  const access = await requireProjectAction(app.db, userId, projectId, "approvals.view");
  const rows = await app.db
    .select({ approval: toolApproval, requesterName: user.name, requesterEmail: user.email })
    .from(toolApproval)
    .leftJoin(user, eq(user.id, toolApproval.requestedBy))
    .where(
      and(
        eq(toolApproval.projectId, projectId),
        filter.status ? eq(toolApproval.status, filter.status) : undefined,
      ),
    )
    .orderBy(desc(toolApproval.createdAt))
    .limit(filter.limit);
  const now = Date.now();
  const mayDecide = await reviewsProject(app.db, projectId, userId, access.role);
  return rows.map(({ approval, requesterName, requesterEmail }) => {
    const expired = approval.status === "pending" && approval.expiresAt.getTime() <= now;
    const status: ApprovalStatus = expired ? "expired" : approval.status;
    const own = approval.requestedBy === userId;
    const decidable =
      status === "pending" &&
      (approval.kind === "confirm" ? own : mayDecide && (!own || access.project.allowSelfApproval));
    return {
      id: approval.id,
      kind: approval.kind,
      toolName: approval.toolName,
      serverName: approval.serverName,
      summary: approval.summary,
      arguments: argumentsJson(approval.arguments),
      policy: approval.decidedByPolicy,
      callerName: approval.callerName,
      requester: requesterName ? { name: requesterName, email: requesterEmail } : null,
      agentRunId: approval.agentRunId,
      status,
      decidedByName: approval.decidedByName,
      reason: approval.reason,
      createdAt: approval.createdAt,
      expiresAt: approval.expiresAt,
      decidedAt: approval.decidedAt,
      ran: approval.ranAt !== null,
      decidable,
    };
  });
}

/** The nav's count: calls of the project waiting for a decision this person may take. */
export async function pendingApprovalCount(app: App, userId: string, projectId: string): Promise<number> {
  const access = await requireProjectAction(app.db, userId, projectId, "approvals.view");
  const reviewer = await reviewsProject(app.db, projectId, userId, access.role);
  const [row] = await app.db
    .select({ count: count() })
    .from(toolApproval)
    .where(
      and(
        eq(toolApproval.projectId, projectId),
        eq(toolApproval.status, "pending"),
        gt(toolApproval.expiresAt, new Date()),
        reviewer ? undefined : and(eq(toolApproval.kind, "confirm"), eq(toolApproval.requestedBy, userId)),
      ),
    );
  return row?.count ?? 0;
}

// Approved calls running in the background, per app instance: tests (and a clean stop) wait for them.
const runningByApp = new WeakMap<App, Set<Promise<unknown>>>();

export async function approvedCallsSettled(app: App): Promise<void> {
  await Promise.all([...(runningByApp.get(app) ?? [])]);
}

export async function decideApproval(
  app: App,
  userId: string,
  input: { projectId: string; approvalId: string; decision: "approve" | "deny"; reason?: string },
) {
  const access = await requireProjectAction(app.db, userId, input.projectId, "approvals.view");
  const found = await readApproval(app.db, input.approvalId);
  if (!found || found.projectId !== input.projectId)
    throw new AppError("NOT_FOUND", "There is no such approval in this project.");
  const row = await expireIfDue(app, found);
  if (row.status !== "pending") {
    throw new AppError(
      "BAD_REQUEST",
      `This call was already ${row.status === "expired" ? "expired" : row.status}.`,
    );
  }
  const own = row.requestedBy === userId;
  if (row.kind === "confirm" && !own) {
    throw new AppError("FORBIDDEN", "Only the person who made this call can confirm it.");
  }
  if (row.kind === "approve") {
    if (!(await reviewsProject(app.db, input.projectId, userId, access.role))) {
      throw new AppError(
        "FORBIDDEN",
        "Only the project's reviewers approve calls: its admins and the members it names.",
      );
    }
    if (own && !access.project.allowSelfApproval) {
      throw new AppError("FORBIDDEN", "You cannot approve your own request: another reviewer decides it.");
    }
  }
  const [reviewer] = await app.db
    .select({ name: user.name, email: user.email })
    .from(user)
    .where(eq(user.id, userId));
  const status = input.decision === "approve" ? "approved" : "denied";
  const reason = input.reason?.trim() || null;
  const decided = await app.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(toolApproval)
      .set({
        status,
        decidedBy: userId,
        decidedByName: reviewer?.name || reviewer?.email || null,
        reason,
        decidedAt: new Date(),
      })
      .where(
        and(
          eq(toolApproval.id, row.id),
          eq(toolApproval.status, "pending"),
          gt(toolApproval.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!updated) return null;
    const confirm = row.kind === "confirm";
    await recordAuditEvent(tx, {
      organizationId: row.organizationId,
      action: confirm
        ? status === "approved"
          ? "tool_call.confirmed"
          : "tool_call.declined"
        : status === "approved"
          ? "tool_call.approved"
          : "tool_call.denied",
      actorId: userId,
      project: { id: row.projectId, name: access.project.name },
      target: { type: "tool_approval", id: row.id, label: row.summary },
      details: { tool: row.toolName, policy: row.decidedByPolicy, reason, caller: row.callerName },
    });
    return updated;
  });
  if (!decided) throw new AppError("BAD_REQUEST", "This call was decided or expired meanwhile.");
  approvalDecided(app, decided);
  await app.gateway.approvals.changed(row.id).catch((error) => reportError(error, { where: "approvals" }));
  if (status === "approved") {
    let running = runningByApp.get(app);
    if (!running) {
      running = new Set();
      runningByApp.set(app, running);
    }
    const set = running;
    const run = runApprovedCall(app, row.id, callTool)
      .catch((error) => reportError(error, { where: "approved-call" }))
      .finally(() => set.delete(run));
    set.add(run);
  }
  return { id: row.id, status };
}
