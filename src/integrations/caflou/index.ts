// Caflou on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import type { OpenApiDocument } from "../_kit/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { caflouEntry } from "./entry.ts";
import document from "./openapi.json" with { type: "json" };
import { caflouTools } from "./records.ts";

export const caflouIntegration = defineIntegration({
  entry: caflouEntry,
  oauthScopes: [],
  tools: { kind: "openapi", document: document as OpenApiDocument, code: caflouTools },
  // What each reference gave, and what it leaves out: REFERENCES.md in this folder.
  references: [
    "https://documenter.getpostman.com/view/4786951/RWMFrTQC",
    "https://github.com/tomasrollo/caflou-cli/blob/main/docs/caflou_api.json",
  ],
});
