// The events' payloads, one small function per place they happen, so each origin adds one call. Every
// function reads what it needs itself and emits in the background (emit.ts): none throws.
import { eq } from "drizzle-orm";
import type { App } from "../app-services.ts";
import { agentRun, integrationConnection, projectAgent, type toolApproval } from "../db/schema/index.ts";
import { emitWebhookEvent, type WebhookEvent } from "./emit.ts";

type ConnectionEvent = "connection.connected" | "connection.broken";

async function connectionEvent(
  app: App,
  connectionId: string,
  type: ConnectionEvent,
): Promise<WebhookEvent | null> {
  const [row] = await app.db
    .select({
      id: integrationConnection.id,
      organizationId: integrationConnection.organizationId,
      provider: integrationConnection.provider,
      label: integrationConnection.label,
      accountLabel: integrationConnection.accountLabel,
      authFlow: integrationConnection.authFlow,
      ownerUserId: integrationConnection.ownerUserId,
      status: integrationConnection.status,
      statusReason: integrationConnection.statusReason,
    })
    .from(integrationConnection)
    .where(eq(integrationConnection.id, connectionId));
  if (!row) return null;
  return {
    organizationId: row.organizationId,
    type,
    data: {
      connectionId: row.id,
      provider: row.provider,
      label: row.label,
      account: row.accountLabel,
      authFlow: row.authFlow,
      personal: row.ownerUserId !== null,
      status: row.status,
      reason: type === "connection.broken" ? row.statusReason : null,
    },
  };
}

/** A connection became active (made, reconnected or repaired). */
export function connectionConnected(app: App, connectionId: string): void {
  emitWebhookEvent(app, () => connectionEvent(app, connectionId, "connection.connected"));
}

/** A connection broke (the claimed breakage of connection-alerts.ts: once per breakage). */
export function connectionBroken(app: App, connectionId: string): void {
  emitWebhookEvent(app, () => connectionEvent(app, connectionId, "connection.broken"));
}

type ApprovalRow = typeof toolApproval.$inferSelect;

const approvalData = (row: ApprovalRow) => ({
  approvalId: row.id,
  projectId: row.projectId,
  kind: row.kind,
  tool: row.toolName,
  server: row.serverName,
  summary: row.summary,
  caller: row.callerName,
  agentRunId: row.agentRunId,
  expiresAt: row.expiresAt.toISOString(),
});

export function approvalRequested(app: App, row: ApprovalRow): void {
  emitWebhookEvent(app, {
    organizationId: row.organizationId,
    projectId: row.projectId,
    type: "approval.requested",
    data: approvalData(row),
  });
}

/** Approved, denied, or expired before anyone decided. */
export function approvalDecided(app: App, row: ApprovalRow): void {
  emitWebhookEvent(app, {
    organizationId: row.organizationId,
    projectId: row.projectId,
    type: "approval.decided",
    data: {
      ...approvalData(row),
      decision: row.status,
      decidedBy: row.decidedByName,
      reason: row.reason,
      decidedAt: row.decidedAt?.toISOString() ?? null,
    },
  });
}

async function runFinished(app: App, runId: string): Promise<WebhookEvent | null> {
  const [row] = await app.db
    .select({ run: agentRun, agentName: projectAgent.name, toolName: projectAgent.toolName })
    .from(agentRun)
    .innerJoin(projectAgent, eq(projectAgent.id, agentRun.agentId))
    .where(eq(agentRun.id, runId));
  if (!row) return null;
  const { run } = row;
  return {
    organizationId: run.organizationId,
    projectId: run.projectId,
    agentId: run.agentId,
    type: "agent.run.finished",
    data: {
      runId: run.id,
      agentId: run.agentId,
      agentName: row.agentName,
      projectId: run.projectId,
      status: run.status,
      /** Where it was started: "app", "gateway" (/mcp or REST) or "schedule". */
      origin: run.channel,
      scheduleId: run.scheduleId,
      request: run.request,
      answer: run.answer,
      error: run.error,
      steps: run.stepCount,
      startedAt: run.startedAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
      durationMs: run.durationMs,
    },
  };
}

/** An agent run ended: completed, failed, out of steps, or stopped to ask a question. */
export function agentRunFinished(app: App, runId: string): void {
  emitWebhookEvent(app, () => runFinished(app, runId));
}
