// HubSpot on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import type { OpenApiDocument } from "../_kit/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { engagementTools } from "./engagements.ts";
import { hubspotEntry } from "./entry.ts";
import { objectTools } from "./objects.ts";
import document from "./openapi.json" with { type: "json" };

export const hubspotIntegration = defineIntegration({
  entry: hubspotEntry,
  // Notes are stored against contacts' scopes (HubSpot's notes guide); owners need crm.objects.owners.read.
  oauthScopes: [
    "oauth",
    "crm.objects.contacts.read",
    "crm.objects.contacts.write",
    "crm.objects.companies.read",
    "crm.objects.companies.write",
    "crm.objects.deals.read",
    "crm.objects.deals.write",
    "crm.objects.owners.read",
  ],
  tools: {
    kind: "openapi",
    document: document as OpenApiDocument,
    code: [...objectTools, ...engagementTools],
  },
  references: [
    "https://developers.hubspot.com/docs/api-reference/crm-search-v3/guide",
    "https://developers.hubspot.com/docs-beta/crm/search",
    "https://developers.hubspot.com/docs/api-reference/crm-contacts-v3/guide",
    "https://developers.hubspot.com/docs/api-reference/crm-companies-v3/guide",
    "https://developers.hubspot.com/docs/api-reference/crm-deals-v3/guide",
    "https://developers.hubspot.com/docs/api-reference/crm-associations-v4/guide",
    "https://developers.hubspot.com/docs/api-reference/crm-notes-v3/guide",
    "https://developers.hubspot.com/docs/api-reference/crm-owners-v3/guide",
    "https://developers.hubspot.com/docs/api-reference/crm-pipelines-v3/guide",
    "https://developers.hubspot.com/docs/api-reference/auth-oauth-v1/refresh-tokens/delete-oauth-v1-refresh-tokens-token",
  ],
});
