// SharePoint on the server: its entry, the OAuth scopes its tools need, its tools and their references.
// Microsoft offers no endpoint to revoke one delegated grant's tokens: disconnecting forgets them, and
// the user removes the app's consent at https://myapps.microsoft.com (or an admin in Entra ID).
import type { OpenApiDocument } from "../_kit/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { sharepointEntry } from "./entry.ts";
import document from "./openapi.json" with { type: "json" };
import { sharepointCodeTools } from "./tools.ts";

export const sharepointIntegration = defineIntegration({
  entry: sharepointEntry,
  // Sites.Read.All: site search and drives; Files.ReadWrite.All: items, content, upload and file search.
  oauthScopes: ["Sites.Read.All", "Files.ReadWrite.All"],
  tools: { kind: "openapi", document: document as OpenApiDocument, code: sharepointCodeTools },
  references: [
    "https://learn.microsoft.com/graph/api/resources/sharepoint",
    "https://learn.microsoft.com/graph/api/site-search",
    "https://learn.microsoft.com/graph/api/drive-list",
    "https://learn.microsoft.com/graph/api/drive-get",
    "https://learn.microsoft.com/graph/api/driveitem-list-children",
    "https://learn.microsoft.com/graph/api/driveitem-get",
    "https://learn.microsoft.com/graph/api/driveitem-get-content",
    "https://learn.microsoft.com/graph/api/resources/driveitem#instance-attributes",
    "https://learn.microsoft.com/graph/api/driveitem-put-content",
    "https://learn.microsoft.com/graph/api/search-query",
    "https://learn.microsoft.com/graph/search-concept-files",
    "https://learn.microsoft.com/graph/api/resources/searchrequest",
    "https://learn.microsoft.com/graph/paging",
    "https://learn.microsoft.com/graph/errors",
    "https://ecma-international.org/publications-and-standards/standards/ecma-376/",
  ],
});
