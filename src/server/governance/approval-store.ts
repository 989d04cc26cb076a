// Calls held for a person's decision (db/schema/governance.ts's tool_approval): holding one, reading it
// back for a retry, and the words a caller reads about it.

import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { and, eq, lt } from "drizzle-orm";
import type { App } from "../app-services.ts";
import { type AuditEventInput, type AuditWriter, recordAuditEvent } from "../audit/record-audit-event.ts";
import { approvalDecided, approvalRequested } from "../builder-webhooks/origin-events.ts";
import type { Database } from "../db/client.ts";
import { type CallChannel, project, toolApproval } from "../db/schema/index.ts";
import type { Principal } from "../gateway/auth/principal.ts";
import type { GatewayTool } from "../gateway/catalogue/tool-types.ts";
import { toolError } from "../gateway/catalogue/tool-types.ts";
import { isSecretArgumentName, REDACTED } from "../gateway/pipeline/redact-arguments.ts";
import type { Verdict } from "./project-governance.ts";

/**
 * An audit event on a held call, under its project as it is named now (the approval keeps only the
 * project's id).
 */
export async function recordHeldCallEvent(
  tx: AuditWriter,
  approval: { id: string; organizationId: string; projectId: string; summary: string },
  event: Pick<AuditEventInput, "action" | "actorId" | "details">,
) {
  const [owner] = await tx
    .select({ name: project.name })
    .from(project)
    .where(eq(project.id, approval.projectId));
  await recordAuditEvent(tx, {
    organizationId: approval.organizationId,
    ...event,
    project: { id: approval.projectId, name: owner?.name ?? "" },
    target: { type: "tool_approval", id: approval.id, label: approval.summary },
  });
}

export type ApprovalRow = typeof toolApproval.$inferSelect;

/** The argument a call carries to ask for the outcome of an approval it was given. */
export const APPROVAL_ID_ARGUMENT = "portico_approval_id";

/** "Send e-mail — to: jana@globex.cz, subject: Offer": the tool's title and its first plain arguments. */
export function describeCall(
  tool: Pick<GatewayTool, "title" | "name">,
  args: Record<string, unknown>,
): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(args)) {
    if (parts.length === 4) break;
    if (name === APPROVAL_ID_ARGUMENT) continue;
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") continue;
    const shown = isSecretArgumentName(name) ? REDACTED : String(value);
    parts.push(`${name}: ${shown.length > 80 ? `${shown.slice(0, 80)}…` : shown}`);
  }
  const title = tool.title || tool.name;
  return parts.length ? `${title} — ${parts.join(", ")}` : title;
}

/** Portico's page where the approval is decided. */
export const approvalUrl = (baseUrl: string, projectId: string, id: string) =>
  `${baseUrl}/app/project/${encodeURIComponent(projectId)}/approvals?approval=${encodeURIComponent(id)}`;

export interface HoldRequest {
  kind: "approve" | "confirm";
  tool: GatewayTool;
  args: Record<string, unknown>;
  principal: Principal;
  door: CallChannel;
  verdict: Verdict;
  agentRunId?: string;
}

/** Holds the call until a person decides; recorded in the audit log with the call's words. */
export async function holdCall(app: App, request: HoldRequest): Promise<ApprovalRow> {
  const { principal, tool } = request;
  const args = { ...request.args };
  delete args[APPROVAL_ID_ARGUMENT];
  const held = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(toolApproval)
      .values({
        organizationId: principal.organizationId,
        projectId: principal.projectId,
        kind: request.kind,
        toolName: tool.name,
        serverId: tool.serverId,
        serverName: tool.serverName,
        channel: request.door,
        arguments: args,
        summary: describeCall(tool, args),
        decidedByPolicy: request.verdict.decidedBy,
        principal: { ...principal },
        requestedBy: principal.person,
        callerName: principal.callerName,
        agentRunId: request.agentRunId ?? null,
        expiresAt: new Date(Date.now() + app.config.approvalTtlMs),
      })
      .returning();
    if (!row) throw new Error("approval not stored");
    await recordHeldCallEvent(tx, row, {
      action: "tool_call.held",
      actorId: principal.person,
      details: { tool: row.toolName, kind: row.kind, policy: row.decidedByPolicy, caller: row.callerName },
    });
    return row;
  });
  approvalRequested(app, held);
  return held;
}

export async function readApproval(db: Database, id: string): Promise<ApprovalRow | undefined> {
  if (id.length > 64) return undefined;
  const [row] = await db.select().from(toolApproval).where(eq(toolApproval.id, id));
  return row;
}

/** A pending approval past its time is expired (by whoever reads it first); the row as it is now. */
export async function expireIfDue(app: App, row: ApprovalRow): Promise<ApprovalRow> {
  if (row.status !== "pending" || row.expiresAt.getTime() > Date.now()) return row;
  const [expired] = await app.db
    .update(toolApproval)
    .set({ status: "expired", decidedAt: new Date() })
    .where(
      and(
        eq(toolApproval.id, row.id),
        eq(toolApproval.status, "pending"),
        lt(toolApproval.expiresAt, new Date()),
      ),
    )
    .returning();
  if (expired) {
    approvalDecided(app, expired);
    await app.gateway.approvals.changed(row.id).catch(() => undefined);
  }
  return expired ?? (await readApproval(app.db, row.id)) ?? row;
}

const retryHint = (row: ApprovalRow) =>
  `Call ${row.toolName} again with the argument ${APPROVAL_ID_ARGUMENT}: "${row.id}" to get the outcome.`;

/**
 * What a caller reads while its call waits: the id, who decides, where, and until when. Marked isError
 * because the tool did not produce its result: a client validates a successful result of a tool with an
 * output schema against it.
 */
export function pendingResult(app: App, row: ApprovalRow): CallToolResult {
  const who =
    row.kind === "confirm"
      ? "It needs your confirmation, and your client cannot ask for it: confirm it in Portico"
      : "A reviewer of the project approves or denies it in Portico";
  return toolError(
    `Waiting for approval ${row.id}: ${row.summary}. ${who} at ` +
      `${approvalUrl(app.config.baseUrl, row.projectId, row.id)} before ${row.expiresAt.toISOString()}. ` +
      retryHint(row),
  );
}

/** The outcome of a held call that will not run: denied (with the reason) or expired. */
export function closedResult(row: ApprovalRow): CallToolResult {
  if (row.status === "denied") {
    const by = row.decidedByName ? ` by ${row.decidedByName}` : "";
    const reason = row.reason ? `: ${row.reason}` : "";
    const what = row.kind === "confirm" ? "declined" : "denied";
    return toolError(`The call ${row.summary} was ${what}${by}${reason}. It was not run.`);
  }
  return toolError(`The approval for ${row.summary} expired before anyone decided. It was not run.`);
}
