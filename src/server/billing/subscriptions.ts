// Writes to an organization's subscription, from Stripe's webhooks or a site admin's hand, and tells
// every replica's quota meter to read the plan again.
import { eq } from "drizzle-orm";
import type { BillingInterval, PlanId } from "../../lib/plans.ts";
import type { App } from "../app-services.ts";
import { recordAuditEvent } from "../audit/record-audit-event.ts";
import { subscription } from "../db/schema/index.ts";

export type SubscriptionFields = Partial<
  Omit<typeof subscription.$inferInsert, "organizationId" | "updatedAt">
>;

/**
 * Writes the subscription; when what a customer sees changed (plan, interval, status, cancellation), one
 * `subscription.changed` audit event in the same transaction. `actorId` is null for Stripe's webhooks.
 * Stripe repeats events, and a repeat that changes nothing records nothing.
 */
export async function saveSubscription(
  app: Pick<App, "db" | "gateway">,
  organizationId: string,
  fields: SubscriptionFields & Pick<typeof subscription.$inferInsert, "plan" | "status">,
  actorId: string | null = null,
) {
  const values = { ...fields, updatedAt: new Date() };
  await app.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(subscription)
      .where(eq(subscription.organizationId, organizationId))
      .for("update");
    const [after] = await tx
      .insert(subscription)
      .values({ organizationId, ...values })
      .onConflictDoUpdate({ target: subscription.organizationId, set: values })
      .returning();
    if (!after) return;
    const seen = (row: typeof after | undefined) =>
      row ? [row.plan, row.interval, row.status, row.cancelAtPeriodEnd].join("|") : "";
    if (seen(before) === seen(after)) return;
    await recordAuditEvent(tx, {
      organizationId,
      action: "subscription.changed",
      actorId,
      target: { type: "subscription", id: organizationId, label: `${after.plan} (${after.interval})` },
      details: {
        fromPlan: before?.plan ?? "free",
        plan: after.plan,
        interval: after.interval,
        status: after.status,
        cancelAtPeriodEnd: after.cancelAtPeriodEnd,
      },
    });
  });
  await app.gateway.invalidatePlan(organizationId);
}

/**
 * A site admin's plan, without Stripe: active, counted in calendar months. A Stripe subscription the
 * organization has keeps its ids, so the next webhook about it still finds the organization.
 */
export async function setPlanByHand(
  app: Pick<App, "db" | "gateway">,
  organizationId: string,
  plan: PlanId,
  interval: BillingInterval,
  actorId: string | null = null,
) {
  await saveSubscription(
    app,
    organizationId,
    {
      plan,
      status: "active",
      interval,
      currentPeriodStart: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    },
    actorId,
  );
}

export async function findSubscription(app: Pick<App, "db">, organizationId: string) {
  const [row] = await app.db
    .select()
    .from(subscription)
    .where(eq(subscription.organizationId, organizationId));
  return row;
}
