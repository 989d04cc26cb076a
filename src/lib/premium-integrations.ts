// Premium integrations (SPEC §9: "Premium tools" — not on Free, on every paid plan): the systems of
// record that sales and document teams pay for — the CRMs and SharePoint. Everything else in the
// catalogue, and the standard tools, are on every plan. Isomorphic: the catalogue badges these.
import type { IntegrationId } from "./integrations/ids.ts";

export const premiumIntegrationIds: ReadonlySet<IntegrationId> = new Set<IntegrationId>([
  "salesforce",
  "hubspot",
  "pipedrive",
  "attio",
  "sharepoint",
]);

export const isPremiumIntegration = (id: string): boolean => premiumIntegrationIds.has(id as IntegrationId);

export const PREMIUM_BADGE = "Premium";
