// Pipedrive on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import type { OpenApiDocument } from "../../server/integrations/engine/openapi/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { pipedriveEntry } from "./entry.ts";
import document from "./openapi.json" with { type: "json" };

export const pipedriveIntegration = defineIntegration({
  entry: pipedriveEntry,
  oauthScopes: ["deals:full", "contacts:full", "activities:full"],
  tools: { kind: "openapi", document: document as OpenApiDocument },
  references: ["https://developers.pipedrive.com/docs/api/v1"],
});
