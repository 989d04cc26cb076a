// The site admin's billing overview: every organization with its plan, status, this period's requests
// and seats, and setting a plan by hand (the way plans change without Stripe).
import { asc, eq } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import type { BillingInterval, PlanId } from "../../lib/plans.ts";
import type { App } from "../app-services.ts";
import { organization, subscription } from "../db/schema/index.ts";
import { requestsUsed } from "./billing-overview.ts";
import { effectivePlanOf } from "./effective-plan.ts";
import { seatsUsed } from "./plan-limits.ts";
import { setPlanByHand } from "./subscriptions.ts";

export async function getAllOrganizations(app: App) {
  const now = new Date();
  const [organizations, subscriptions] = await Promise.all([
    app.db
      .select({ id: organization.id, name: organization.name })
      .from(organization)
      .orderBy(asc(organization.name)),
    app.db.select().from(subscription),
  ]);
  const byOrganization = new Map(subscriptions.map((row) => [row.organizationId, row]));
  return Promise.all(
    organizations.map(async (org) => {
      const row = byOrganization.get(org.id);
      const plan = effectivePlanOf(org.id, row, now);
      return {
        id: org.id,
        name: org.name,
        plan: plan.plan,
        status: row?.status ?? "active",
        interval: row?.interval ?? "monthly",
        viaStripe: Boolean(row?.stripeSubscriptionId),
        requests: await requestsUsed(app, org.id, plan.periodStart),
        seats: await seatsUsed(app.db, org.id),
        limits: plan.limits,
      };
    }),
  );
}

export async function setOrganizationPlan(
  app: App,
  input: { organizationId: string; plan: PlanId; interval: BillingInterval },
  actorId: string | null = null,
) {
  const [org] = await app.db
    .select({ id: organization.id })
    .from(organization)
    .where(eq(organization.id, input.organizationId));
  if (!org) throw new AppError("NOT_FOUND", "Organization not found");
  await setPlanByHand(app, input.organizationId, input.plan, input.interval, actorId);
}
