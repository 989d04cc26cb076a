// requirements §9 plan constants: prices, limits, support, button texts and the advertised savings.
import { describe, expect, it } from "vitest";
import {
  annualSavingsCents,
  formatLimit,
  formatPrice,
  planIds,
  planList,
  plans,
  pricingCatalog,
} from "./plans.ts";

describe("plans", () => {
  it("lists the four plans in order", () => {
    expect(planIds).toEqual(["free", "start", "business", "enterprise"]);
    expect(planList.map((plan) => plan.name)).toEqual(["Free", "Start", "Business", "Enterprise"]);
  });

  it("has the prices of requirements §9 in cents", () => {
    expect(plans.free.price).toEqual({ monthly: 0, annual: 0 });
    expect(plans.start.price).toEqual({ monthly: 3_400, annual: 36_700 });
    expect(plans.business.price).toEqual({ monthly: 24_900, annual: 268_900 });
    expect(plans.enterprise.price).toBeNull();
    expect(formatPrice(plans.start.price.monthly)).toBe("$34");
    expect(formatPrice(plans.start.price.annual)).toBe("$367");
    expect(formatPrice(plans.business.price.monthly)).toBe("$249");
    expect(formatPrice(plans.business.price.annual)).toBe("$2,689");
  });

  it("advertises 11% and 13% annual savings and derives the dollar saving", () => {
    expect(plans.start.advertisedAnnualSavingsPercent).toBe(11);
    expect(plans.business.advertisedAnnualSavingsPercent).toBe(13);
    expect(annualSavingsCents(plans.start)).toBe(4_100);
    expect(annualSavingsCents(plans.business)).toBe(29_900);
    expect(annualSavingsCents(plans.enterprise)).toBe(0);
  });

  it("has the limits of requirements §9, null meaning unlimited", () => {
    expect(plans.free.limits).toEqual({ seats: 1, projects: 1, monthlyRequests: 30_000 });
    expect(plans.start.limits).toEqual({ seats: 5, projects: null, monthlyRequests: 300_000 });
    expect(plans.business.limits).toEqual({ seats: null, projects: null, monthlyRequests: 3_000_000 });
    expect(plans.enterprise.limits).toEqual({ seats: null, projects: null, monthlyRequests: null });
    expect(formatLimit(30_000)).toBe("30,000");
    expect(formatLimit(null)).toBe("Unlimited");
  });

  it("has the support levels, premium tools and button texts of requirements §9", () => {
    expect(planList.map((plan) => plan.support)).toEqual([
      "community",
      "email",
      "priority-email",
      "dedicated",
    ]);
    expect(plans.free.premiumTools).toBe(false);
    expect(plans.start.premiumTools).toBe(true);
    expect(planList.map((plan) => plan.cta)).toEqual(["Start Free", "Upgrade", "Upgrade", "Contact"]);
  });

  it("puts the agent marketplace and the standard tools on every plan", () => {
    for (const plan of planList) {
      expect(plan.agentMarketplace).toBe(true);
      expect(plan.standardTools).toBe(true);
    }
  });

  it("serves the catalogue with the derived savings", () => {
    const catalog = pricingCatalog();
    expect(catalog.currency).toBe("usd");
    expect(catalog.plans.find((plan) => plan.id === "business")?.annualSavingsCents).toBe(29_900);
  });
});
