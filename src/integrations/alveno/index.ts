// Alveno on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import type { OpenApiDocument } from "../_kit/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { alvenoEntry } from "./entry.ts";
import document from "./openapi.json" with { type: "json" };

export const alvenoIntegration = defineIntegration({
  entry: alvenoEntry,
  oauthScopes: [],
  tools: { kind: "openapi", document: document as OpenApiDocument },
  // Which source gave what, and how reliable each is: REFERENCES.md in this folder.
  references: [
    "https://hr.alveno.cz/api/external/docs",
    "https://github.com/alvenosystem-coder/vibe-coding-communication-test/blob/main/cursorrules.md",
    "https://github.com/alvenosystem-coder/vibe-coding-communication-test/blob/main/src/lib/alveno-api.ts",
  ],
});
