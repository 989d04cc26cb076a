// The official Stripe SDK, built from configuration: STRIPE_SECRET_KEY turns billing through Stripe on,
// STRIPE_API_URL (optional) points the SDK at another API host — a local fake in tests — through the
// SDK's own host, port and protocol options. Without a key, plans are set by hand by site admins.
// The SDK is loaded with the first client, not with the server: ~5 MB of JS heap that a server
// without Stripe held for nothing (issue 46).
import type Stripe from "stripe";
import type { BillingInterval, PlanId } from "../../lib/plans.ts";
import type { Config } from "../config.ts";

const clients = new Map<string, Stripe>();

export async function stripeClient(config: Config): Promise<Stripe | null> {
  const { secretKey, apiUrl } = config.stripe;
  if (!secretKey) return null;
  const key = `${secretKey} ${apiUrl ?? ""}`;
  let client = clients.get(key);
  if (!client) {
    const { default: StripeSdk } = await import("stripe");
    const target = apiUrl ? new URL(apiUrl) : null;
    client = new StripeSdk(secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      telemetry: false,
      ...(target
        ? {
            host: target.hostname,
            port: target.port || (target.protocol === "https:" ? 443 : 80),
            protocol: target.protocol === "https:" ? "https" : "http",
          }
        : {}),
    });
    clients.set(key, client);
  }
  return client;
}

export type PaidPlanId = Extract<PlanId, "start" | "business">;

/** The configured Stripe price of a plan and interval, or null when none is set. */
export function priceIdOf(config: Config, plan: PaidPlanId, interval: BillingInterval): string | null {
  return config.stripe.prices[plan][interval] ?? null;
}

/** The plan and interval a Stripe price id stands for, from configuration. */
export function planOfPrice(
  config: Config,
  priceId: string,
): { plan: PaidPlanId; interval: BillingInterval } | null {
  for (const plan of ["start", "business"] as const) {
    for (const interval of ["monthly", "annual"] as const) {
      if (config.stripe.prices[plan][interval] === priceId) return { plan, interval };
    }
  }
  return null;
}
