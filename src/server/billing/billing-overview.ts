// What the billing page shows of an organization: plan and status, this period's requests against the
// quota (with a per-day chart from the call log), seats and projects against their limits, the usage
// alerts reached, and the invoices Stripe has.
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { organizationRoleAllows } from "../../lib/permissions.ts";
import type { App } from "../app-services.ts";
import { organization, toolCall, usageAlert } from "../db/schema/index.ts";
import { requireOrganizationAction } from "../organizations/access.ts";
import { organizationRequestsSince } from "../usage/request-counts.ts";
import { loadEffectivePlan } from "./effective-plan.ts";
import { planByHand } from "./plan-by-hand.ts";
import { projectsUsed, seatsUsed } from "./plan-limits.ts";
import { stripeClient } from "./stripe-client.ts";
import { findSubscription } from "./subscriptions.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Requests this period as every page counts them (usage/request-counts.ts): the calls logged, not the
 * quota's counter, which holds reserved blocks a process has not used yet.
 */
export const requestsUsed = (app: Pick<App, "db" | "gateway">, organizationId: string, periodStart: Date) =>
  organizationRequestsSince(app, organizationId, periodStart);

/** Requests per day of the period so far, from the call log (one point per day, empty days too). */
async function dailyRequests(app: App, organizationId: string, start: Date, end: Date, now: Date) {
  await app.gateway.recorder.flush();
  const day = sql<string>`to_char(${toolCall.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await app.db
    .select({
      day,
      requests: sql<number>`count(*)::int`,
      errors: sql<number>`(count(*) filter (where ${toolCall.status} = 'error'))::int`,
    })
    .from(toolCall)
    .where(
      and(
        eq(toolCall.organizationId, organizationId),
        gte(toolCall.createdAt, start),
        lt(toolCall.createdAt, end),
      ),
    )
    .groupBy(day);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const last = Math.min(end.getTime() - 1, now.getTime());
  const points = [];
  for (
    let at = Math.floor(start.getTime() / DAY_MS) * DAY_MS;
    at <= last && points.length < 400;
    at += DAY_MS
  ) {
    const key = new Date(at).toISOString().slice(0, 10);
    points.push({ day: key, requests: byDay.get(key)?.requests ?? 0, errors: byDay.get(key)?.errors ?? 0 });
  }
  return points;
}

async function invoicesOf(app: App, customerId: string | null | undefined) {
  const stripe = await stripeClient(app.config);
  if (!stripe || !customerId) return [];
  const list = await stripe.invoices.list({ customer: customerId, limit: 12 });
  return list.data.map((invoice) => ({
    id: invoice.id ?? "",
    number: invoice.number,
    status: invoice.status,
    amountDue: invoice.amount_due,
    currency: invoice.currency,
    created: new Date(invoice.created * 1000),
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
  }));
}

/** The highest usage alert (80 or 100) reached this period, or null: the banner on organization pages. */
export async function getUsageAlert(app: App, userId: string, organizationId: string) {
  await requireOrganizationAction(app.db, userId, organizationId, "organization.view");
  const plan = await loadEffectivePlan(app.db, organizationId);
  const alerts = await app.db
    .select({ percent: usageAlert.percent })
    .from(usageAlert)
    .where(and(eq(usageAlert.organizationId, organizationId), eq(usageAlert.periodStart, plan.periodStart)));
  return { percent: Math.max(0, ...alerts.map((alert) => alert.percent)) || null };
}

export async function getBillingOverview(app: App, userId: string, organizationId: string) {
  const role = await requireOrganizationAction(app.db, userId, organizationId, "organization.view");
  const now = new Date();
  const [plan, row, [org]] = await Promise.all([
    loadEffectivePlan(app.db, organizationId, now),
    findSubscription(app, organizationId),
    app.db.select({ name: organization.name }).from(organization).where(eq(organization.id, organizationId)),
  ]);
  const stripeConfigured = Boolean(app.config.stripe.secretKey);
  const [used, seats, projects, alerts, daily, invoices, byHand] = await Promise.all([
    requestsUsed(app, organizationId, plan.periodStart),
    seatsUsed(app.db, organizationId),
    projectsUsed(app.db, organizationId),
    app.db
      .select({ percent: usageAlert.percent })
      .from(usageAlert)
      .where(
        and(eq(usageAlert.organizationId, organizationId), eq(usageAlert.periodStart, plan.periodStart)),
      ),
    dailyRequests(app, organizationId, plan.periodStart, plan.periodEnd, now),
    invoicesOf(app, row?.stripeCustomerId),
    stripeConfigured ? null : planByHand(app, userId),
  ]);
  return {
    organizationName: org?.name ?? "",
    canManage: organizationRoleAllows(role, "billing.manage"),
    stripeConfigured,
    /** Without Stripe: whether the caller (a site admin) may set the plan here, and whom to ask if not. */
    planByHand: byHand,
    plan: plan.plan,
    status: row?.status ?? "active",
    interval: row?.interval ?? "monthly",
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    hasStripeSubscription: Boolean(row?.stripeSubscriptionId),
    periodStart: plan.periodStart,
    periodEnd: plan.periodEnd,
    limits: plan.limits,
    usage: { requests: used, seats, projects },
    /** The highest usage alert reached this period (80 or 100), for the banner. */
    alertPercent: Math.max(0, ...alerts.map((alert) => alert.percent)) || null,
    daily,
    invoices,
  };
}
export type BillingOverview = Awaited<ReturnType<typeof getBillingOverview>>;
