// Writes to an organization's subscription, from Stripe's webhooks or a site admin's hand, and tells
// every replica's quota meter to read the plan again.
import { eq } from "drizzle-orm";
import type { BillingInterval, PlanId } from "../../lib/plans.ts";
import type { App } from "../app.ts";
import { subscription } from "../db/schema/index.ts";

export type SubscriptionFields = Partial<
  Omit<typeof subscription.$inferInsert, "organizationId" | "updatedAt">
>;

export async function saveSubscription(
  app: Pick<App, "db" | "gateway">,
  organizationId: string,
  fields: SubscriptionFields & Pick<typeof subscription.$inferInsert, "plan" | "status">,
) {
  const values = { ...fields, updatedAt: new Date() };
  await app.db
    .insert(subscription)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: subscription.organizationId, set: values });
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
) {
  await saveSubscription(app, organizationId, {
    plan,
    status: "active",
    interval,
    currentPeriodStart: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
  });
}

export async function findSubscription(app: Pick<App, "db">, organizationId: string) {
  const [row] = await app.db
    .select()
    .from(subscription)
    .where(eq(subscription.organizationId, organizationId));
  return row;
}
