// The integration ids of requirements §3, apart from the rest of the vocabulary, for code that needs only them.
export const integrationIds = [
  "gmail",
  "google-calendar",
  "google-drive",
  "jira",
  "confluence",
  "sharepoint",
  "outlook-email",
  "outlook-calendar",
  "hubspot",
  "salesforce",
  "raynet",
  "caflou",
  "monday",
  "pipedrive",
  "alveno",
  "attio",
  "surveymonkey",
  "brevo",
  "exa",
] as const;
export type IntegrationId = (typeof integrationIds)[number];

export const isIntegrationId = (value: string): value is IntegrationId =>
  (integrationIds as readonly string[]).includes(value);

export { STANDARD_TOOLS_FILTER } from "./catalogue-search.ts";
