// monday.com on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import type { OpenApiDocument } from "../../server/integrations/engine/openapi/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { mondayEntry } from "./entry.ts";
import document from "./openapi.json" with { type: "json" };

export const mondayIntegration = defineIntegration({
  entry: mondayEntry,
  oauthScopes: ["me:read", "boards:read", "boards:write", "updates:write"],
  tools: { kind: "openapi", document: document as OpenApiDocument },
  references: ["https://developer.monday.com/api-reference/"],
});
