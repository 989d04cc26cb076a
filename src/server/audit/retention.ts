// Audit events are kept for a year by default. The server prunes daily (prune-schedule.ts, started by
// getApp); scripts/prune-audit-log.ts does it by hand with another retention. Deleting by age uses
// audit_event_created_at_idx and touches no organization's recent history.
import { lt } from "drizzle-orm";
import { AUDIT_LOG_RETENTION_DAYS_DEFAULT } from "../../lib/audit-actions.ts";
import type { Database } from "../db/client.ts";
import { auditEvent } from "../db/schema/index.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes events older than `retentionDays` before `now`; resolves with how many went. */
export async function pruneAuditEvents(
  db: Database,
  { now = new Date(), retentionDays = AUDIT_LOG_RETENTION_DAYS_DEFAULT } = {},
): Promise<number> {
  if (!Number.isInteger(retentionDays) || retentionDays < 1) {
    throw new Error(`Audit log retention must be a whole number of days (at least 1), not ${retentionDays}`);
  }
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  const deleted = await db
    .delete(auditEvent)
    .where(lt(auditEvent.createdAt, cutoff))
    .returning({ id: auditEvent.id });
  return deleted.length;
}
