// Plans and quotas (requirements §3, §9). An organization without a subscription row is on Free with calendar
// months as its periods; a row carries the plan, its Stripe state and the current billing period.
import { sql } from "drizzle-orm";
import { bigint, boolean, check, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { belongsTo, createdAtColumn, updatedAtColumn } from "./columns.ts";
import { organization } from "./organizations.ts";

export const subscription = pgTable("subscription", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organization.id, { onDelete: "cascade" }),
  plan: text("plan", { enum: ["free", "start", "business", "enterprise"] }).notNull(),
  status: text("status", { enum: ["active", "canceled", "past_due", "unpaid", "trialing"] }).notNull(),
  interval: text("interval", { enum: ["monthly", "annual"] })
    .notNull()
    .default("monthly"),
  currentPeriodStart: timestamp("current_period_start", { withTimezone: true }),
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  stripeCustomerId: text("stripe_customer_id").unique(),
  stripeSubscriptionId: text("stripe_subscription_id").unique(),
  updatedAt: updatedAtColumn(),
});

/**
 * Requests admitted per organization per billing period: the quota's one source of truth. The gateway
 * takes calls from it atomically (`used = used + n where used + n <= limit`), so no replica can admit a
 * call past the quota. organization_usage (calendar months, written with the call log) is for charts.
 */
export const usageCounter = pgTable(
  "usage_counter",
  {
    organizationId: belongsTo("organization_id", () => organization.id),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    used: bigint("used", { mode: "number" }).notNull().default(0),
    /** What the last update granted, read back by RETURNING (it computes the grant from the old row). */
    lastGrant: bigint("last_grant", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.periodStart] }),
    check("usage_counter_used", sql`${t.used} >= 0`),
  ],
);

/** Usage alerts already sent (80 and 100 percent), once per organization and period each. */
export const usageAlert = pgTable(
  "usage_alert",
  {
    organizationId: belongsTo("organization_id", () => organization.id),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    percent: bigint("percent", { mode: "number" }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.periodStart, t.percent] })],
);

/** Stripe webhook events already applied: a redelivered event changes nothing. */
export const stripeEvent = pgTable("stripe_event", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});
