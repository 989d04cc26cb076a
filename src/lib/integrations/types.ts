// The integration vocabulary of requirements §3, as data: every list, enum and type of the integrations
// platform derives from these constants. No zod here (zod enums are in schemas.ts): route search
// validators import integration code, and whatever they import ships in every page's entry bundle.

export type { Category } from "./categories.ts";
export { categories } from "./categories.ts";
export type { IntegrationId } from "./ids.ts";
export { integrationIds, isIntegrationId, STANDARD_TOOLS_FILTER } from "./ids.ts";

export const providerIds = [
  "google",
  "atlassian",
  "microsoft",
  "hubspot",
  "salesforce",
  "raynet",
  "caflou",
  "monday",
  "pipedrive",
  "alveno",
  "attio",
  "openai",
  "surveymonkey",
  "brevo",
  "exa",
] as const;
export type ProviderId = (typeof providerIds)[number];

export const sourceTypes = ["openapi", "mcp"] as const;
export type SourceType = (typeof sourceTypes)[number];

export const authFlowTypes = ["oauth", "service-account", "api-token"] as const;
export type AuthFlowType = (typeof authFlowTypes)[number];

export const credentialScopes = ["global", "organization"] as const;
export type CredentialScope = (typeof credentialScopes)[number];

export const connectionStatuses = ["active", "inactive", "error", "pending"] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

/** Badge texts of requirements §9. */
export const BADGE_PRODUCT_TEAM = "Created by the product team";
export const BADGE_STANDARD_TOOL = "Standard Tool";
export const BADGE_COMING_SOON = "Coming Soon";

export const invalidServerIdMessage = (id: string) => `Invalid server ID: ${id}`;
