// Salesforce on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import type { OpenApiDocument } from "../../server/integrations/engine/openapi/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { salesforceEntry } from "./entry.ts";
import document from "./openapi.json" with { type: "json" };

export const salesforceIntegration = defineIntegration({
  entry: salesforceEntry,
  oauthScopes: ["api", "refresh_token"],
  tools: { kind: "openapi", document: document as OpenApiDocument },
  references: ["https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/"],
});
