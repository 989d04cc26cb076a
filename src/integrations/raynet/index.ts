// Raynet on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import type { OpenApiDocument } from "../../server/integrations/engine/openapi/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { raynetEntry } from "./entry.ts";
import document from "./openapi.json" with { type: "json" };

export const raynetIntegration = defineIntegration({
  entry: raynetEntry,
  oauthScopes: [],
  tools: { kind: "openapi", document: document as OpenApiDocument },
  references: ["https://app.raynet.cz/api/doc/"],
});
