import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { belongsTo, createdAtColumn, updatedAtColumn } from "./columns.ts";

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

export const organization = pgTable("organization", {
  id: id(),
  name: text("name").notNull(),
  /** Owners' policy: members without two-factor sign-in cannot use the organization's pages or procedures. */
  requiresTwoFactor: boolean("requires_two_factor").notNull().default(false),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

export const organizationMember = pgTable(
  "organization_member",
  {
    id: id(),
    organizationId: belongsTo("organization_id", () => organization.id),
    userId: belongsTo("user_id", () => user.id),
    role: text("role", { enum: ["owner", "admin", "member"] }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("organization_member_unique").on(t.organizationId, t.userId),
    index("organization_member_user_idx").on(t.userId),
  ],
);

export const invitation = pgTable(
  "invitation",
  {
    id: id(),
    organizationId: belongsTo("organization_id", () => organization.id),
    email: text("email").notNull(),
    role: text("role", { enum: ["admin", "member"] }).notNull(),
    /**
     * Projects the invitee gets access to on accepting, with the role in each. Checked against the
     * organization's projects when written and again on accepting (a project deleted meanwhile is skipped).
     */
    projectGrants: jsonb("project_grants")
      .$type<{ projectId: string; role: "viewer" | "editor" | "admin" }[]>()
      .notNull()
      .default([]),
    status: text("status", { enum: ["pending", "accepted", "dismissed"] })
      .notNull()
      .default("pending"),
    invitedByUserId: text("invited_by_user_id").references(() => user.id, {
      onDelete: "set null",
    }),
    createdAt: createdAtColumn(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
  },
  (t) => [
    index("invitation_email_idx").on(t.email),
    index("invitation_organization_idx").on(t.organizationId),
  ],
);
