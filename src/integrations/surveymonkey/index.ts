// SurveyMonkey on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import type { OpenApiDocument } from "../../server/integrations/engine/openapi/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { surveymonkeyEntry } from "./entry.ts";
import document from "./openapi.json" with { type: "json" };

export const surveymonkeyIntegration = defineIntegration({
  entry: surveymonkeyEntry,
  oauthScopes: ["surveys_read", "responses_read"],
  tools: { kind: "openapi", document: document as OpenApiDocument },
  references: ["https://api.surveymonkey.com/v3/docs"],
});
