// Raynet on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import type { OpenApiDocument } from "../_kit/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { raynetEntry } from "./entry.ts";
import { lookupTools } from "./lookups.ts";
import document from "./openapi.json" with { type: "json" };
import { recordTools } from "./records.ts";

export const raynetIntegration = defineIntegration({
  entry: raynetEntry,
  oauthScopes: [],
  tools: { kind: "openapi", document: document as OpenApiDocument, code: [...recordTools, ...lookupTools] },
  // The reference's OpenAPI description ("Download OpenAPI specification" on these pages) was read for
  // every path, query attribute, body attribute and answer the tools use.
  references: ["https://app.raynetcrm.com/api/doc/index-en.html", "https://app.raynetcrm.com/api/doc/"],
});
