// Billing procedures (SPEC §7). getPricing is public: the pricing page shows it to visitors who are
// not signed in. Subscriptions (listSubscriptions, checkout) join this router with the billing work.
import { pricingCatalog } from "../../../lib/plans.ts";
import { publicProcedure, router } from "../init.ts";

export const billingRouter = router({
  getPricing: publicProcedure.query(() => pricingCatalog()),
});
