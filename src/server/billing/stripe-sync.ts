// A Stripe subscription as Portico's subscription row: the plan from its price (configuration), the
// status folded into requirements §3's five, the period and the ids. Webhooks and the billing page's own
// changes both save through here, always from the subscription as Stripe has it now, so events that
// arrive late or twice leave the latest state.
import type Stripe from "stripe";
import type { App } from "../app-services.ts";
import type { SubscriptionStatus } from "./effective-plan.ts";
import { planOfPrice } from "./stripe-client.ts";
import { saveSubscription } from "./subscriptions.ts";

const STATUS: Record<Stripe.Subscription.Status, SubscriptionStatus> = {
  active: "active",
  trialing: "trialing",
  past_due: "past_due",
  unpaid: "unpaid",
  canceled: "canceled",
  // The first payment never went through, or the subscription is paused: the plan does not apply.
  incomplete: "unpaid",
  incomplete_expired: "canceled",
  paused: "unpaid",
};

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** Stripe moved the period onto subscription items (API 2025-03-31); older payloads carry it on top. */
function periodOf(subscription: Stripe.Subscription) {
  const item = subscription.items?.data?.[0] as
    | (Stripe.SubscriptionItem & { current_period_start?: number; current_period_end?: number })
    | undefined;
  const top = subscription as Stripe.Subscription & {
    current_period_start?: number;
    current_period_end?: number;
  };
  const start = item?.current_period_start ?? top.current_period_start;
  const end = item?.current_period_end ?? top.current_period_end;
  return {
    currentPeriodStart: start ? new Date(start * 1000) : null,
    currentPeriodEnd: end ? new Date(end * 1000) : null,
  };
}

export async function saveStripeSubscription(
  app: App,
  organizationId: string,
  subscription: Stripe.Subscription,
  actorId: string | null = null,
) {
  const priceId = subscription.items?.data?.[0]?.price?.id ?? "";
  const plan = planOfPrice(app.config, priceId);
  if (!plan) throw new Error(`Stripe price ${priceId} is not one of the configured STRIPE_PRICE_* ids`);
  await saveSubscription(
    app,
    organizationId,
    {
      plan: plan.plan,
      interval: plan.interval,
      status: STATUS[subscription.status] ?? "unpaid",
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      stripeCustomerId: idOf(subscription.customer),
      stripeSubscriptionId: subscription.id,
      ...periodOf(subscription),
    },
    actorId,
  );
}
