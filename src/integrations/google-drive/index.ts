// Google Drive on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import type { OpenApiDocument } from "../_kit/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { googleDriveEntry } from "./entry.ts";
import document from "./openapi.json" with { type: "json" };
import { driveCodeTools } from "./tools.ts";

export const googleDriveIntegration = defineIntegration({
  entry: googleDriveEntry,
  oauthScopes: ["https://www.googleapis.com/auth/drive"],
  tools: { kind: "openapi", document: document as OpenApiDocument, code: driveCodeTools },
  references: [
    "https://developers.google.com/workspace/drive/api/reference/rest/v3",
    "https://developers.google.com/workspace/drive/api/reference/rest/v3/files/list",
    "https://developers.google.com/workspace/drive/api/reference/rest/v3/files/get",
    "https://developers.google.com/workspace/drive/api/reference/rest/v3/files/export",
    "https://developers.google.com/workspace/drive/api/reference/rest/v3/files/create",
    "https://developers.google.com/workspace/drive/api/reference/rest/v3/files/update",
    "https://developers.google.com/workspace/drive/api/reference/rest/v3/permissions/create",
    "https://developers.google.com/workspace/drive/api/guides/search-files",
    "https://developers.google.com/workspace/drive/api/guides/ref-export-formats",
    "https://developers.google.com/workspace/drive/api/guides/manage-uploads#multipart",
    "https://developers.google.com/workspace/drive/api/guides/manage-downloads",
  ],
});
