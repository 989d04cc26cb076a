// Gmail on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import type { OpenApiDocument } from "../../server/integrations/engine/openapi/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { gmailEntry } from "./entry.ts";
import document from "./openapi.json" with { type: "json" };

export const gmailIntegration = defineIntegration({
  entry: gmailEntry,
  oauthScopes: ["https://www.googleapis.com/auth/gmail.modify"],
  tools: { kind: "openapi", document: document as OpenApiDocument },
  references: ["https://developers.google.com/workspace/gmail/api/reference/rest"],
});
