// HubSpot on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import type { OpenApiDocument } from "../../server/integrations/engine/openapi/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { hubspotEntry } from "./entry.ts";
import document from "./openapi.json" with { type: "json" };

export const hubspotIntegration = defineIntegration({
  entry: hubspotEntry,
  oauthScopes: [
    "oauth",
    "crm.objects.contacts.read",
    "crm.objects.contacts.write",
    "crm.objects.companies.read",
    "crm.objects.deals.read",
  ],
  tools: { kind: "openapi", document: document as OpenApiDocument },
  references: ["https://developers.hubspot.com/docs/api/crm/understanding-the-crm"],
});
