// Which plan limits an organization has right now, and which billing period its requests count in.
// No subscription row, or a canceled or unpaid one, means Free; past_due keeps the plan while Stripe
// retries the payment. Free organizations (and paid ones set by hand, without Stripe dates) count in
// calendar months (UTC); a Stripe subscription counts in its own billing period, rolled forward by
// its interval when the renewal's webhook has not arrived yet.
import { eq } from "drizzle-orm";
import { type BillingInterval, type PlanId, plans } from "../../lib/plans.ts";
import type { Database } from "../db/client.ts";
import { subscription } from "../db/schema/index.ts";

export type SubscriptionStatus = (typeof subscription.$inferSelect)["status"];
export const subscriptionStatuses = ["active", "canceled", "past_due", "unpaid", "trialing"] as const;

/** Statuses under which the subscribed plan applies. */
const PLAN_APPLIES: ReadonlySet<SubscriptionStatus> = new Set(["active", "trialing", "past_due"]);

export interface EffectivePlan {
  organizationId: string;
  plan: PlanId;
  status: SubscriptionStatus;
  interval: BillingInterval;
  periodStart: Date;
  periodEnd: Date;
  limits: { seats: number | null; projects: number | null; monthlyRequests: number | null };
}

type SubscriptionRow = typeof subscription.$inferSelect;

const calendarMonth = (now: Date) => {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
};

function addInterval(date: Date, interval: BillingInterval, times: number): Date {
  const next = new Date(date);
  if (interval === "annual") next.setUTCFullYear(next.getUTCFullYear() + times);
  else next.setUTCMonth(next.getUTCMonth() + times);
  return next;
}

/** The subscription's period that contains `now`. */
function billingPeriod(row: SubscriptionRow, now: Date) {
  if (!row.currentPeriodStart || !row.currentPeriodEnd) return calendarMonth(now);
  let start = row.currentPeriodStart;
  let end = row.currentPeriodEnd;
  for (let step = 1; end <= now && step < 1000; step++) {
    start = addInterval(row.currentPeriodStart, row.interval, step);
    end = addInterval(row.currentPeriodStart, row.interval, step + 1);
  }
  return { start, end };
}

export function effectivePlanOf(
  organizationId: string,
  row: SubscriptionRow | undefined,
  now: Date,
): EffectivePlan {
  if (!row || !PLAN_APPLIES.has(row.status)) {
    const { start, end } = calendarMonth(now);
    return {
      organizationId,
      plan: "free",
      status: row?.status ?? "active",
      interval: row?.interval ?? "monthly",
      periodStart: start,
      periodEnd: end,
      limits: plans.free.limits,
    };
  }
  const { start, end } = billingPeriod(row, now);
  return {
    organizationId,
    plan: row.plan,
    status: row.status,
    interval: row.interval,
    periodStart: start,
    periodEnd: end,
    limits: plans[row.plan].limits,
  };
}

export async function loadEffectivePlan(db: Database, organizationId: string, now = new Date()) {
  const [row] = await db.select().from(subscription).where(eq(subscription.organizationId, organizationId));
  return effectivePlanOf(organizationId, row, now);
}
