// Premium integrations (requirements §9: "Premium tools" — not on Free, on every paid plan): the enterprise
// systems of record — Salesforce, SharePoint and the sales CRMs Pipedrive and Attio. HubSpot stays on
// every plan as Free's CRM (its free tier is where small teams start). Everything else in the
// catalogue, and the standard tools, are on every plan. Isomorphic: the catalogue badges these.
import type { IntegrationId } from "./integrations/ids.ts";

export const premiumIntegrationIds: ReadonlySet<IntegrationId> = new Set<IntegrationId>([
  "salesforce",
  "pipedrive",
  "attio",
  "sharepoint",
]);

export const isPremiumIntegration = (id: string): boolean => premiumIntegrationIds.has(id as IntegrationId);

export const PREMIUM_BADGE = "Premium";
