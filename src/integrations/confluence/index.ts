// Confluence on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import type { OpenApiDocument } from "../_kit/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { confluenceEntry } from "./entry.ts";
import document from "./openapi.json" with { type: "json" };
import { confluenceCodeTools } from "./tools.ts";

export const confluenceIntegration = defineIntegration({
  entry: confluenceEntry,
  oauthScopes: [
    // CQL search is v1 (classic scope); the v2 endpoints take granular scopes.
    "search:confluence",
    "read:page:confluence",
    "write:page:confluence",
    "read:space:confluence",
    "read:comment:confluence",
    "write:comment:confluence",
  ],
  tools: { kind: "openapi", document: document as OpenApiDocument, code: confluenceCodeTools },
  references: [
    "https://developer.atlassian.com/cloud/confluence/rest/v2/api-group-page/#api-pages-get",
    "https://developer.atlassian.com/cloud/confluence/rest/v2/intro/",
    "https://developer.atlassian.com/cloud/confluence/rest/v2/api-group-page/",
    "https://developer.atlassian.com/cloud/confluence/rest/v2/api-group-space/#api-spaces-get",
    "https://developer.atlassian.com/cloud/confluence/rest/v2/api-group-page/#api-spaces-id-pages-get",
    "https://developer.atlassian.com/cloud/confluence/rest/v2/api-group-comment/",
    "https://developer.atlassian.com/cloud/confluence/rest/v1/api-group-search/#api-wiki-rest-api-search-get",
    "https://developer.atlassian.com/cloud/confluence/advanced-searching-using-cql/",
    "https://developer.atlassian.com/cloud/confluence/scopes-for-oauth-2-3LO-and-forge-apps/",
  ],
});
