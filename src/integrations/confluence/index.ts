// Confluence on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import type { OpenApiDocument } from "../../server/integrations/engine/openapi/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { confluenceEntry } from "./entry.ts";
import document from "./openapi.json" with { type: "json" };

export const confluenceIntegration = defineIntegration({
  entry: confluenceEntry,
  oauthScopes: ["read:confluence-content.all", "write:confluence-content", "search:confluence"],
  tools: { kind: "openapi", document: document as OpenApiDocument },
  references: ["https://developer.atlassian.com/cloud/confluence/rest/v2/intro/"],
});
