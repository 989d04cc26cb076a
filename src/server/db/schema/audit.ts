import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { belongsTo, createdAtColumn, idColumn } from "./columns.ts";
import { organization } from "./organizations.ts";

/**
 * The organization audit log (server/audit/): who did what, as it was at the time. The actor's email and
 * name and the target's label are copies, so the event still reads right after a rename or deletion;
 * `projectId` has no foreign key for the same reason (a deleted project's events stay). The events go
 * with their organization when it is deleted.
 */
export const auditEvent = pgTable(
  "audit_event",
  {
    id: idColumn(),
    organizationId: belongsTo("organization_id", () => organization.id),
    projectId: text("project_id"),
    projectName: text("project_name"),
    /** Null for the system (a Stripe webhook), or once the account is deleted (email and name remain). */
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    actorName: text("actor_name"),
    /** One of lib/audit-actions.ts. */
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    targetLabel: text("target_label"),
    /** A few plain facts (roles, plan, provider); never a secret (server/audit/audit-details.ts). */
    details: jsonb("details").$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("audit_event_organization_time_idx").on(
      t.organizationId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Retention deletes by age across organizations.
    index("audit_event_created_at_idx").on(t.createdAt),
    index("audit_event_actor_idx")
      .on(t.organizationId, t.actorUserId)
      .where(sql`${t.actorUserId} is not null`),
  ],
);
