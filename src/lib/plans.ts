// The four plans of requirements §9, as one typed object literal that the pricing page, billing and quota
// checks all read. Isomorphic and dependency-free, so it costs the browser almost nothing.
// Prices are in US cents; a `null` limit means unlimited.

export const planIds = ["free", "start", "business", "enterprise"] as const;
export type PlanId = (typeof planIds)[number];

export const billingIntervals = ["monthly", "annual"] as const;
export type BillingInterval = (typeof billingIntervals)[number];

export type SupportLevel = "community" | "email" | "priority-email" | "dedicated";

export interface PlanDefinition {
  id: PlanId;
  name: string;
  tagline: string;
  /** Cents per interval; null for "custom" (sales-led) pricing. Free plans cost 0. */
  price: { monthly: number; annual: number } | null;
  /**
   * The annual saving as requirements §9 advertises it (Start 11 %, Business 13 %). Kept as data: it is not
   * what the two prices compute to (10 % for both against twelve monthly payments), and the spec's
   * figures are quoted literally. The page also shows the exact saving in dollars, derived below.
   */
  advertisedAnnualSavingsPercent: number;
  limits: {
    seats: number | null;
    projects: number | null;
    monthlyRequests: number | null;
  };
  support: SupportLevel;
  premiumTools: boolean;
  /** requirements §9: the agent marketplace and the standard tools are on every plan. */
  agentMarketplace: true;
  standardTools: true;
  cta: "Start Free" | "Upgrade" | "Contact";
  highlighted: boolean;
}

export const plans = {
  free: {
    id: "free",
    name: "Free",
    tagline: "Try Portico with one project and the standard tools.",
    price: { monthly: 0, annual: 0 },
    advertisedAnnualSavingsPercent: 0,
    limits: { seats: 1, projects: 1, monthlyRequests: 30_000 },
    support: "community",
    premiumTools: false,
    agentMarketplace: true,
    standardTools: true,
    cta: "Start Free",
    highlighted: false,
  },
  start: {
    id: "start",
    name: "Start",
    tagline: "For small teams putting their first agents to work.",
    price: { monthly: 3_400, annual: 36_700 },
    advertisedAnnualSavingsPercent: 11,
    limits: { seats: 5, projects: null, monthlyRequests: 300_000 },
    support: "email",
    premiumTools: true,
    agentMarketplace: true,
    standardTools: true,
    cta: "Upgrade",
    highlighted: true,
  },
  business: {
    id: "business",
    name: "Business",
    tagline: "For departments running agents across many systems.",
    price: { monthly: 24_900, annual: 268_900 },
    advertisedAnnualSavingsPercent: 13,
    limits: { seats: null, projects: null, monthlyRequests: 3_000_000 },
    support: "priority-email",
    premiumTools: true,
    agentMarketplace: true,
    standardTools: true,
    cta: "Upgrade",
    highlighted: false,
  },
  enterprise: {
    id: "enterprise",
    name: "Enterprise",
    tagline: "Custom volumes, security reviews and a dedicated contact.",
    price: null,
    advertisedAnnualSavingsPercent: 0,
    limits: { seats: null, projects: null, monthlyRequests: null },
    support: "dedicated",
    premiumTools: true,
    agentMarketplace: true,
    standardTools: true,
    cta: "Contact",
    highlighted: false,
  },
} as const satisfies Record<PlanId, PlanDefinition>;

export const planList: readonly PlanDefinition[] = planIds.map((id) => plans[id]);

export const supportLabels: Record<SupportLevel, string> = {
  community: "Community",
  email: "Email",
  "priority-email": "Priority email",
  dedicated: "Dedicated",
};

/** Cents saved per year by paying yearly instead of twelve monthly payments. */
export function annualSavingsCents(plan: PlanDefinition): number {
  if (!plan.price) return 0;
  return plan.price.monthly * 12 - plan.price.annual;
}

/** "$34", "$2,689", "$0". Cents are shown only when there are some. */
export function formatPrice(cents: number): string {
  const dollars = cents / 100;
  return `$${dollars.toLocaleString("en-US", {
    minimumFractionDigits: Number.isInteger(dollars) ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}

/** "30,000" or "Unlimited". The comparison table adds the asterisk of requirements §9 on paid tiers. */
export function formatLimit(value: number | null): string {
  return value === null ? "Unlimited" : value.toLocaleString("en-US");
}

/** The pricing data as billing.getPricing returns it: plans with their derived savings. */
export function pricingCatalog() {
  return {
    currency: "usd" as const,
    plans: planList.map((plan) => ({
      ...plan,
      annualSavingsCents: annualSavingsCents(plan),
    })),
  };
}
export type PricingCatalog = ReturnType<typeof pricingCatalog>;
export type PricedPlan = PricingCatalog["plans"][number];
