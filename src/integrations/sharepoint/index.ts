// SharePoint on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import type { OpenApiDocument } from "../../server/integrations/engine/openapi/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { sharepointEntry } from "./entry.ts";
import document from "./openapi.json" with { type: "json" };

export const sharepointIntegration = defineIntegration({
  entry: sharepointEntry,
  oauthScopes: ["Sites.Read.All", "Files.ReadWrite.All"],
  tools: { kind: "openapi", document: document as OpenApiDocument },
  references: ["https://learn.microsoft.com/graph/api/resources/sharepoint"],
});
