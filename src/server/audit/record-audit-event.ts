// The one way to write an audit event. Call it with the transaction that makes the change, so a change
// that fails (and rolls back) leaves no event, and an event never claims a change that did not happen.

import { eq } from "drizzle-orm";
import type { AuditAction } from "../../lib/audit-actions.ts";
import type { Database } from "../db/client.ts";
import { auditEvent, user } from "../db/schema/index.ts";
import { type AuditDetails, safeAuditDetails } from "./audit-details.ts";
import { currentAuditRequest } from "./audit-request.ts";

/** A database or a transaction on it: anything that can select and insert. */
export type AuditWriter = Pick<Database, "select" | "insert">;

export interface AuditTarget {
  type:
    | "organization"
    | "user"
    | "invitation"
    | "project"
    | "api_key"
    | "integration"
    | "credential"
    | "server"
    | "llm_credential"
    | "agent"
    | "subscription"
    | "oauth_client"
    | "tool_policy"
    | "tool_approval"
    | "management_token"
    | "webhook_endpoint"
    | "external_user";
  id: string;
  /** What a person reads: a name or email, as it is now (it is not updated later). */
  label: string;
}

export interface AuditEventInput {
  organizationId: string;
  action: AuditAction;
  /** The signed-in user who acted; null for the system (a provider's webhook). */
  actorId: string | null;
  project?: { id: string; name: string } | null;
  target?: AuditTarget | null;
  details?: Record<string, unknown>;
}

export async function recordAuditEvent(tx: AuditWriter, event: AuditEventInput): Promise<void> {
  const [actor] = event.actorId
    ? await tx.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, event.actorId))
    : [];
  const request = currentAuditRequest();
  const details: AuditDetails = safeAuditDetails(
    request?.via ? { ...event.details, via: request.via } : event.details,
  );
  await tx.insert(auditEvent).values({
    organizationId: event.organizationId,
    projectId: event.project?.id ?? null,
    projectName: event.project?.name ?? null,
    actorUserId: event.actorId,
    actorEmail: actor?.email ?? null,
    actorName: actor?.name ?? null,
    action: event.action,
    targetType: event.target?.type ?? null,
    targetId: event.target?.id ?? null,
    targetLabel: event.target?.label ?? null,
    details,
    ipAddress: request?.ipAddress ?? null,
    userAgent: request?.userAgent ?? null,
    // Millisecond time from here, not the database's microseconds: the page cursor carries it exactly.
    createdAt: new Date(),
  });
}

/** A user as an event's target, labelled "Name <email>" (the account may be renamed or deleted later). */
export async function userTarget(tx: AuditWriter, userId: string): Promise<AuditTarget> {
  const [row] = await tx.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, userId));
  return { type: "user", id: userId, label: row ? `${row.name} <${row.email}>` : userId };
}

/**
 * An event in a project, under the project's organization: for changes made after a project access
 * check (projects/access.ts), which hands over the project with its organization.
 */
export function recordProjectAuditEvent(
  tx: AuditWriter,
  project: { id: string; name: string; organizationId: string },
  event: Omit<AuditEventInput, "organizationId" | "project">,
): Promise<void> {
  return recordAuditEvent(tx, { ...event, organizationId: project.organizationId, project });
}
