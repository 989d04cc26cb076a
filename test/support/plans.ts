// Puts a test organization on a plan the way a site admin does without Stripe, for tests that need
// more seats or projects than Free has.
import type { PlanId } from "~/lib/plans.ts";
import type { App } from "~/server/app-services.ts";
import { setPlanByHand } from "~/server/billing/subscriptions.ts";

export const setPlan = (app: App, organizationId: string, plan: PlanId) =>
  setPlanByHand(app, organizationId, plan, "monthly");
