// Reading an organization's audit log: owners and admins only, newest first, filtered, paged by keyset on
// (created_at, id) along audit_event_organization_time_idx, so a deep page costs what the first does.
import { and, desc, eq, gte, inArray, isNotNull, lt } from "drizzle-orm";
import { type AuditActionGroup, actionsInGroup } from "../../lib/audit-actions.ts";
import { AUDIT_LOG_PAGE_SIZE, type AuditLogFilters } from "../../lib/audit-log-filters.ts";
import type { Database } from "../db/client.ts";
import { olderThan, pageOf } from "../db/keyset-page.ts";
import { auditEvent } from "../db/schema/index.ts";
import { requireOrganizationAction } from "../organizations/access.ts";

export const INVALID_AUDIT_CURSOR =
  "This page of the audit log no longer exists: start again from the first page.";

function conditions(organizationId: string, filters: AuditLogFilters) {
  // The organization first, always: every other condition narrows within it.
  const where = [eq(auditEvent.organizationId, organizationId)];
  if (filters.group)
    where.push(inArray(auditEvent.action, actionsInGroup(filters.group as AuditActionGroup)));
  if (filters.actorId) where.push(eq(auditEvent.actorUserId, filters.actorId));
  if (filters.projectId) where.push(eq(auditEvent.projectId, filters.projectId));
  if (filters.from) where.push(gte(auditEvent.createdAt, new Date(filters.from)));
  if (filters.to) where.push(lt(auditEvent.createdAt, new Date(filters.to)));
  return where;
}

export async function listAuditEvents(
  db: Database,
  userId: string,
  organizationId: string,
  filters: AuditLogFilters,
  cursor: string | null | undefined,
  pageSize = AUDIT_LOG_PAGE_SIZE,
) {
  await requireOrganizationAction(db, userId, organizationId, "auditLog.view");
  const where = conditions(organizationId, filters);
  if (cursor) where.push(olderThan(cursor, auditEvent.createdAt, auditEvent.id, INVALID_AUDIT_CURSOR));
  const rows = await db
    .select({
      id: auditEvent.id,
      createdAt: auditEvent.createdAt,
      action: auditEvent.action,
      actorUserId: auditEvent.actorUserId,
      actorEmail: auditEvent.actorEmail,
      actorName: auditEvent.actorName,
      projectId: auditEvent.projectId,
      projectName: auditEvent.projectName,
      targetType: auditEvent.targetType,
      targetId: auditEvent.targetId,
      targetLabel: auditEvent.targetLabel,
      details: auditEvent.details,
      ipAddress: auditEvent.ipAddress,
      userAgent: auditEvent.userAgent,
    })
    .from(auditEvent)
    .where(and(...where))
    .orderBy(desc(auditEvent.createdAt), desc(auditEvent.id))
    .limit(pageSize + 1);
  return pageOf(rows, pageSize);
}

/** Everyone who appears as an actor in the organization's log (former members too), for the filter. */
export async function listAuditActors(db: Database, userId: string, organizationId: string) {
  await requireOrganizationAction(db, userId, organizationId, "auditLog.view");
  const rows = await db
    .selectDistinctOn([auditEvent.actorUserId], {
      id: auditEvent.actorUserId,
      email: auditEvent.actorEmail,
      name: auditEvent.actorName,
    })
    .from(auditEvent)
    .where(and(eq(auditEvent.organizationId, organizationId), isNotNull(auditEvent.actorUserId)))
    .orderBy(auditEvent.actorUserId, desc(auditEvent.createdAt));
  return rows
    .flatMap((row) => (row.id ? [{ id: row.id, email: row.email ?? "", name: row.name ?? "" }] : []))
    .sort((a, b) => a.name.localeCompare(b.name));
}
