// Billing procedures (requirements §7). getPricing is public: the pricing page shows it to visitors who are
// not signed in. The rest are scoped to an organization the caller belongs to; changing the plan,
// cancelling and the Customer Portal are for its owners and admins.
import { z } from "zod";
import { billingIntervals, pricingCatalog } from "../../../lib/plans.ts";
import { getBillingOverview, getUsageAlert } from "../../billing/billing-overview.ts";
import { cancelSubscription, changePlan, createPortalSession } from "../../billing/stripe-actions.ts";
import { findSubscription } from "../../billing/subscriptions.ts";
import { organizationProcedure, organizationQuery, publicProcedure, router } from "../init.ts";
import { byOrganization } from "../inputs.ts";

export const billingRouter = router({
  getPricing: publicProcedure.query(() => pricingCatalog()),
  /** The organization's subscriptions (at most one; none means Free). */
  listSubscriptions: organizationProcedure("organization.view").query(async ({ ctx, input }) => {
    const row = await findSubscription(ctx.app, input.organizationId);
    if (!row) return [];
    const { stripeCustomerId: _customer, ...visible } = row;
    return [visible];
  }),
  getOverview: organizationQuery("organization.view", getBillingOverview),
  getUsageAlert: organizationQuery("organization.view", getUsageAlert),
  changePlan: organizationProcedure(
    "billing.manage",
    byOrganization.extend({ plan: z.enum(["start", "business"]), interval: z.enum(billingIntervals) }),
  ).mutation(({ ctx, input }) => changePlan(ctx.app, ctx.user.id, input)),
  cancel: organizationProcedure("billing.manage").mutation(({ ctx, input }) =>
    cancelSubscription(ctx.app, ctx.user.id, input.organizationId),
  ),
  createPortalSession: organizationProcedure("billing.manage").mutation(({ ctx, input }) =>
    createPortalSession(ctx.app, ctx.user.id, input.organizationId),
  ),
});
