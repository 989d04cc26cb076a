// Google Drive on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import type { OpenApiDocument } from "../../server/integrations/engine/openapi/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { googleDriveEntry } from "./entry.ts";
import document from "./openapi.json" with { type: "json" };

export const googleDriveIntegration = defineIntegration({
  entry: googleDriveEntry,
  oauthScopes: ["https://www.googleapis.com/auth/drive"],
  tools: { kind: "openapi", document: document as OpenApiDocument },
  references: ["https://developers.google.com/workspace/drive/api/reference/rest/v3"],
});
