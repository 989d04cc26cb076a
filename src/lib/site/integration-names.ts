// Display names of the catalogue's integrations (requirements §3 ids) for the marketing pages. The catalogue
// itself (descriptions, logos, tools) lives with the integrations; this list stays tiny on purpose,
// because the landing page ships it to the browser.
import { type Category, categories } from "../integrations/categories.ts";

export const integrationCategories = categories;
export type IntegrationCategory = Category;

export const integrationNames = {
  gmail: { name: "Gmail", category: "Communication & Collaboration" },
  "outlook-email": { name: "Outlook Mail", category: "Communication & Collaboration" },
  confluence: { name: "Confluence", category: "Communication & Collaboration" },
  sharepoint: { name: "SharePoint", category: "Cloud Storage" },
  "google-drive": { name: "Google Drive", category: "Cloud Storage" },
  "google-calendar": { name: "Google Calendar", category: "Calendar & Scheduling" },
  "outlook-calendar": { name: "Outlook Calendar", category: "Calendar & Scheduling" },
  jira: { name: "Jira", category: "Project Management" },
  monday: { name: "monday.com", category: "Project Management" },
  caflou: { name: "Caflou", category: "Project Management" },
  hubspot: { name: "HubSpot", category: "Sales & Marketing Tools" },
  salesforce: { name: "Salesforce", category: "Sales & Marketing Tools" },
  pipedrive: { name: "Pipedrive", category: "Sales & Marketing Tools" },
  attio: { name: "Attio", category: "Sales & Marketing Tools" },
  raynet: { name: "Raynet CRM", category: "Sales & Marketing Tools" },
  brevo: { name: "Brevo", category: "Sales & Marketing Tools" },
  surveymonkey: { name: "SurveyMonkey", category: "Sales & Marketing Tools" },
  exa: { name: "Exa AI search", category: "Communication & Collaboration" },
  alveno: { name: "Alveno", category: "Human Resources" },
} as const satisfies Record<string, { name: string; category: IntegrationCategory }>;

export type IntegrationId = keyof typeof integrationNames;

export function integrationsIn(category: IntegrationCategory): string[] {
  return Object.values(integrationNames)
    .filter((entry) => entry.category === category)
    .map((entry) => entry.name);
}
