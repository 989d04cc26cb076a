// What an organization's owners and admins do on the billing page through Stripe: Checkout for a new
// paid plan, a plan or interval change of the subscription they have, cancelling at the period's end,
// and the Customer Portal (payment method, invoices). Without Stripe configured each says so: a site
// admin sets plans by hand then.
import type Stripe from "stripe";
import { AppError } from "../../lib/errors.ts";
import type { BillingInterval } from "../../lib/plans.ts";
import type { App } from "../app-services.ts";
import { requireOrganizationAction } from "../organizations/access.ts";
import { billingPageUrl } from "./limit-messages.ts";
import { type PaidPlanId, priceIdOf, stripeClient } from "./stripe-client.ts";
import { saveStripeSubscription } from "./stripe-sync.ts";
import { findSubscription } from "./subscriptions.ts";

export const NOT_CONFIGURED =
  "Billing through Stripe is not configured on this server: a site administrator sets the plan by hand.";

async function prepare(app: App, userId: string, organizationId: string) {
  await requireOrganizationAction(app.db, userId, organizationId, "billing.manage");
  const stripe = await stripeClient(app.config);
  if (!stripe) throw new AppError("BAD_REQUEST", NOT_CONFIGURED);
  return { stripe, row: await findSubscription(app, organizationId) };
}

function priceOrRefuse(app: App, plan: PaidPlanId, interval: BillingInterval) {
  const price = priceIdOf(app.config, plan, interval);
  if (!price) throw new AppError("BAD_REQUEST", `No Stripe price is configured for ${plan} (${interval}).`);
  return price;
}

/** A live Stripe subscription (not canceled or expired) the organization can change instead of buying anew. */
const isLive = (status: string | undefined) =>
  status === "active" || status === "trialing" || status === "past_due" || status === "unpaid";

/**
 * Moves the organization to a paid plan: its Stripe subscription changes price (prorated) when it has
 * one; otherwise the answer is a Checkout URL to pay at.
 */
export async function changePlan(
  app: App,
  userId: string,
  input: { organizationId: string; plan: PaidPlanId; interval: BillingInterval },
): Promise<{ checkoutUrl: string | null }> {
  const { stripe, row } = await prepare(app, userId, input.organizationId);
  const price = priceOrRefuse(app, input.plan, input.interval);
  if (row?.stripeSubscriptionId && isLive(row.status)) {
    const current = await stripe.subscriptions.retrieve(row.stripeSubscriptionId);
    const item = current.items.data[0];
    const updated = await stripe.subscriptions.update(row.stripeSubscriptionId, {
      items: [{ ...(item ? { id: item.id } : {}), price }],
      cancel_at_period_end: false,
      proration_behavior: "create_prorations",
      metadata: { organizationId: input.organizationId },
    });
    await saveStripeSubscription(app, input.organizationId, updated, userId);
    return { checkoutUrl: null };
  }
  const page = billingPageUrl(app.config.baseUrl, input.organizationId);
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    line_items: [{ price, quantity: 1 }],
    client_reference_id: input.organizationId,
    ...(row?.stripeCustomerId ? { customer: row.stripeCustomerId } : {}),
    subscription_data: { metadata: { organizationId: input.organizationId } },
    success_url: `${page}?checkout=success`,
    cancel_url: `${page}?checkout=canceled`,
  } satisfies Stripe.Checkout.SessionCreateParams);
  if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
  return { checkoutUrl: session.url };
}

/** Cancels at the end of the paid period: the plan stays until then, then the organization is on Free. */
export async function cancelSubscription(app: App, userId: string, organizationId: string) {
  const { stripe, row } = await prepare(app, userId, organizationId);
  if (!row?.stripeSubscriptionId || !isLive(row.status)) {
    throw new AppError("BAD_REQUEST", "This organization has no paid subscription to cancel.");
  }
  const updated = await stripe.subscriptions.update(row.stripeSubscriptionId, { cancel_at_period_end: true });
  await saveStripeSubscription(app, organizationId, updated, userId);
}

export async function createPortalSession(app: App, userId: string, organizationId: string) {
  const { stripe, row } = await prepare(app, userId, organizationId);
  if (!row?.stripeCustomerId) {
    throw new AppError(
      "BAD_REQUEST",
      "This organization has no Stripe customer yet: choose a paid plan first.",
    );
  }
  const session = await stripe.billingPortal.sessions.create({
    customer: row.stripeCustomerId,
    return_url: billingPageUrl(app.config.baseUrl, organizationId),
  });
  return { url: session.url };
}
