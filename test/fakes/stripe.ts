// A local Stripe for tests, written from Stripe's API reference (https://docs.stripe.com/api): the
// SDK's form-encoded requests to /v1/checkout/sessions (create), /v1/billing_portal/sessions (create),
// /v1/subscriptions/{id} (retrieve, update) and /v1/invoices (list), answered with objects of the
// documented shapes. Checkout's hosted page is a small HTML form here: paying creates the customer, the
// subscription and its first invoice, sends the signed checkout.session.completed event to the
// configured webhook (Stripe's own signature scheme, from the SDK's test-header helper) and redirects
// to the session's success_url, as Stripe does.
import type { ServerResponse } from "node:http";
import Stripe from "stripe";
import { json, type RecordedRequest, startHttpFake } from "./http-fake.ts";

const DAY = 24 * 60 * 60;

interface FakeSubscription {
  id: string;
  object: "subscription";
  customer: string;
  status: Stripe.Subscription.Status;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: {
    object: "list";
    data: Array<{
      id: string;
      object: "subscription_item";
      price: { id: string; object: "price" };
      current_period_start: number;
      current_period_end: number;
    }>;
  };
}

export interface StripeFake {
  url: string;
  requests: RecordedRequest[];
  subscriptions: Map<string, FakeSubscription>;
  /** Where paid Checkout sessions send checkout.session.completed, signed with `secret`. */
  setWebhook(url: string, secret: string): void;
  /** Sends a signed event about a subscription (as Stripe does after a change). */
  sendEvent(type: string, object: unknown, id?: string): Promise<Response>;
  close(): Promise<void>;
}

const errorBody = (message: string) => ({ error: { type: "invalid_request_error", message } });

export async function startStripeFake(options: { annualPrices?: string[] } = {}): Promise<StripeFake> {
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_fake${++counter}`;
  const sessions = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, FakeSubscription>();
  const invoices: Array<Record<string, unknown>> = [];
  let webhook: { url: string; secret: string } | null = null;
  const signer = new Stripe("sk_test_signer");
  const annual = new Set(options.annualPrices ?? []);

  async function sendEvent(type: string, object: unknown, id = nextId("evt")) {
    if (!webhook) return new Response(null, { status: 204 }); // no server listening: the test applies events itself
    const payload = JSON.stringify({
      id,
      object: "event",
      type,
      api_version: "2025-03-31.basil",
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhook.secret });
    return fetch(webhook.url, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
  }

  function pay(session: Record<string, unknown>) {
    const now = Math.floor(Date.now() / 1000);
    const customer = (session.customer as string | null) ?? nextId("cus");
    const price = session.price as string;
    const subscription: FakeSubscription = {
      id: nextId("sub"),
      object: "subscription",
      customer,
      status: "active",
      cancel_at_period_end: false,
      metadata: session.subscription_metadata as Record<string, string>,
      items: {
        object: "list",
        data: [
          {
            id: nextId("si"),
            object: "subscription_item",
            price: { id: price, object: "price" },
            current_period_start: now,
            current_period_end: now + (annual.has(price) ? 365 : 30) * DAY,
          },
        ],
      },
    };
    subscriptions.set(subscription.id, subscription);
    invoices.push({
      id: nextId("in"),
      object: "invoice",
      customer,
      number: `FAKE-${String(invoices.length + 1).padStart(4, "0")}`,
      status: "paid",
      amount_due: 3400,
      currency: "usd",
      created: now,
      hosted_invoice_url: null,
    });
    Object.assign(session, {
      customer,
      subscription: subscription.id,
      status: "complete",
      payment_status: "paid",
    });
    return subscription;
  }

  function checkoutPage(response: ServerResponse, session: Record<string, unknown>) {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><title>Fake Stripe Checkout</title><h1>Pay Portico</h1>
<p>Price ${session.price}</p><form method="post" action="/pay/${session.id}"><button type="submit">Pay</button></form>`);
  }

  const fake = await startHttpFake(async (request, response): Promise<void> => {
    const form = new URLSearchParams(request.body);
    const { method, path } = request;
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const id = nextId("cs");
      const price = form.get("line_items[0][price]");
      if (!price || form.get("mode") !== "subscription")
        return json(response, 400, errorBody("Missing price or mode"));
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const match = /^subscription_data\[metadata\]\[(.+)\]$/.exec(key);
        if (match?.[1]) metadata[match[1]] = value;
      }
      const session = {
        id,
        object: "checkout.session",
        mode: "subscription",
        status: "open",
        client_reference_id: form.get("client_reference_id"),
        customer: form.get("customer"),
        subscription: null,
        success_url: form.get("success_url"),
        cancel_url: form.get("cancel_url"),
        url: `${fake.url}/checkout/${id}`,
        price,
        subscription_metadata: metadata,
      };
      sessions.set(id, session);
      return json(response, 200, session);
    }
    const page = /^\/checkout\/(cs_\w+)$/.exec(path);
    if (method === "GET" && page?.[1] && sessions.has(page[1]))
      return checkoutPage(response, sessions.get(page[1]) ?? {});
    const paid = /^\/pay\/(cs_\w+)$/.exec(path);
    if (method === "POST" && paid?.[1] && sessions.has(paid[1])) {
      const session = sessions.get(paid[1]) ?? {};
      pay(session);
      await sendEvent("checkout.session.completed", session);
      response.writeHead(303, { location: String(session.success_url) });
      response.end();
      return;
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      const customer = form.get("customer");
      if (!customer) return json(response, 400, errorBody("Missing customer"));
      return json(response, 200, {
        id: nextId("bps"),
        object: "billing_portal.session",
        customer,
        return_url: form.get("return_url"),
        url: `${fake.url}/portal/${customer}`,
      });
    }
    const one = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(path);
    if (one?.[1]) {
      const subscription = subscriptions.get(one[1]);
      if (!subscription) return json(response, 404, errorBody(`No such subscription: '${one[1]}'`));
      if (method === "POST") {
        const price = form.get("items[0][price]");
        const item = subscription.items.data[0];
        if (price && item) item.price = { id: price, object: "price" };
        const cancel = form.get("cancel_at_period_end");
        if (cancel !== null) subscription.cancel_at_period_end = cancel === "true";
      }
      return json(response, 200, subscription);
    }
    if (method === "GET" && path === "/v1/invoices") {
      const customer = request.query.get("customer");
      const data = invoices.filter((invoice) => invoice.customer === customer);
      return json(response, 200, { object: "list", data, has_more: false, url: "/v1/invoices" });
    }
    return json(response, 404, errorBody(`Unrecognized request URL (${method}: ${path})`));
  });
  return {
    url: fake.url,
    requests: fake.requests,
    subscriptions,
    setWebhook(url, secret) {
      webhook = { url, secret };
    },
    sendEvent,
    close: fake.close,
  };
}
