// POST /api/billing/stripe-webhook: Stripe's signed events. The signature is checked on the raw body
// (stripe.webhooks.constructEvent); each event id is stored once, in the same transaction as nothing
// else needs, before it is applied, so a redelivery changes nothing. The subscription is read back from
// Stripe rather than taken from the payload: events may arrive out of order.
import { eq, or } from "drizzle-orm";
import type Stripe from "stripe";
import type { App } from "../app-services.ts";
import { stripeEvent, subscription } from "../db/schema/index.ts";
import { CLOSE_CONNECTION, readCappedBody } from "../http/read-capped-body.ts";
import { reportError } from "../observability/report-error.ts";
import { stripeClient } from "./stripe-client.ts";
import { saveStripeSubscription } from "./stripe-sync.ts";

export const STRIPE_WEBHOOK_PATH = "/api/billing/stripe-webhook";

const answer = (status: number, message: string, headers?: Record<string, string>) =>
  Response.json({ message }, { status, headers });

/** Stripe's events are a few kilobytes; the cap keeps an unsigned flood from being buffered. */
const MAX_EVENT_BYTES = 1024 * 1024;

/** The organization a subscription belongs to: its metadata, or the ids already saved. */
async function organizationOf(app: App, stripeSubscription: Stripe.Subscription): Promise<string | null> {
  const fromMetadata = stripeSubscription.metadata?.organizationId;
  if (fromMetadata) return fromMetadata;
  const customer =
    typeof stripeSubscription.customer === "string"
      ? stripeSubscription.customer
      : stripeSubscription.customer.id;
  const [row] = await app.db
    .select({ organizationId: subscription.organizationId })
    .from(subscription)
    .where(
      or(
        eq(subscription.stripeSubscriptionId, stripeSubscription.id),
        eq(subscription.stripeCustomerId, customer),
      ),
    );
  return row?.organizationId ?? null;
}

/** The subscription an event is about, if any. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as { object?: string; id?: string; subscription?: unknown };
  if (object.object === "subscription") return object.id ?? null;
  if (typeof object.subscription === "string") return object.subscription;
  return null;
}

export async function handleStripeWebhook(app: App, request: Request): Promise<Response> {
  const stripe = await stripeClient(app.config);
  const secret = app.config.stripe.webhookSecret;
  if (!stripe || !secret) return answer(404, "Stripe billing is not configured on this server");
  if (request.method !== "POST") return answer(405, "Use POST");
  const signature = request.headers.get("stripe-signature");
  if (!signature) return answer(400, "Missing Stripe-Signature header");
  const bytes = await readCappedBody(request, MAX_EVENT_BYTES);
  if (!bytes) return answer(413, `Request body exceeds ${MAX_EVENT_BYTES} bytes`, CLOSE_CONNECTION);
  const body = Buffer.from(bytes);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(body, signature, secret);
  } catch {
    return answer(400, "Invalid Stripe signature");
  }
  const subscriptionId = subscriptionIdOf(event);
  if (!subscriptionId) return answer(200, "Ignored");

  const [fresh] = await app.db
    .insert(stripeEvent)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning();
  if (!fresh) return answer(200, "Already processed");
  try {
    const current = await stripe.subscriptions.retrieve(subscriptionId);
    const organizationId =
      (event.data.object as { client_reference_id?: string | null }).client_reference_id ??
      (await organizationOf(app, current));
    if (!organizationId) return answer(200, "No organization for this subscription");
    await saveStripeSubscription(app, organizationId, current);
  } catch (error) {
    // Not applied: forget the id so Stripe's retry applies it.
    await app.db.delete(stripeEvent).where(eq(stripeEvent.id, event.id));
    reportError(error, { where: "stripe-webhook" });
    return answer(500, "The event could not be applied; Stripe will retry it");
  }
  return answer(200, "Applied");
}
