// Pipedrive on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import type { OpenApiDocument } from "../_kit/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { pipedriveEntry } from "./entry.ts";
import { noteAndSearchTools } from "./notes-search.ts";
import document from "./openapi.json" with { type: "json" };
import { recordTools } from "./records.ts";

export const pipedriveIntegration = defineIntegration({
  entry: pipedriveEntry,
  // Pipedrive's scopes: deals, contacts (persons and organizations), activities; search:read for itemSearch.
  oauthScopes: ["deals:full", "contacts:full", "activities:full", "search:read"],
  tools: {
    kind: "openapi",
    document: document as OpenApiDocument,
    code: [...recordTools, ...noteAndSearchTools],
  },
  references: [
    "https://developers.pipedrive.com/docs/api/v1/Deals",
    "https://developers.pipedrive.com/docs/api/v1/Persons",
    "https://developers.pipedrive.com/docs/api/v1/Organizations",
    "https://developers.pipedrive.com/docs/api/v1/Activities",
    "https://developers.pipedrive.com/docs/api/v1/Notes",
    "https://developers.pipedrive.com/docs/api/v1/ItemSearch",
    "https://developers.pipedrive.com/docs/api/v1/Pipelines",
    "https://developers.pipedrive.com/docs/api/v1/Stages",
    "https://pipedrive.readme.io/docs/core-api-concepts-pagination",
    "https://pipedrive.readme.io/docs/marketplace-oauth-authorization",
    "https://pipedrive.readme.io/docs/marketplace-scopes-and-permissions-explanations",
  ],
});
