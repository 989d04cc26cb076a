// SurveyMonkey on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import type { OpenApiDocument } from "../_kit/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { surveymonkeyEntry } from "./entry.ts";
import document from "./openapi.json" with { type: "json" };
import { surveyTools } from "./tools.ts";

export const surveymonkeyIntegration = defineIntegration({
  entry: surveymonkeyEntry,
  // View Surveys, View Collectors, Create/Modify Collectors (create_collector), View Responses and
  // View Response Details (the bulk and details endpoints return answers only with
  // responses_read_detail).
  oauthScopes: [
    "surveys_read",
    "collectors_read",
    "collectors_write",
    "responses_read",
    "responses_read_detail",
  ],
  tools: { kind: "openapi", document: document as OpenApiDocument, code: surveyTools },
  references: [
    "https://api.surveymonkey.com/v3/docs#api-endpoints-get-surveys",
    "https://api.surveymonkey.com/v3/docs#api-endpoints-get-surveys-id-details",
    "https://api.surveymonkey.com/v3/docs#api-endpoints-get-surveys-survey_id-collectors",
    "https://api.surveymonkey.com/v3/docs#api-endpoints-get-surveys-id-responses-bulk",
    "https://api.surveymonkey.com/v3/docs#api-endpoints-get-surveys-survey_id-responses-response_id-details",
    "https://api.surveymonkey.com/v3/docs#pagination",
    "https://api.surveymonkey.com/v3/docs#api-endpoints-get-users-me",
    "https://api.surveymonkey.com/v3/docs#api-endpoints-get-surveys-id-",
    "https://api.surveymonkey.com/v3/docs#api-endpoints-get-surveys-id-responses",
    "https://api.surveymonkey.com/v3/docs#api-endpoints-post-surveys-survey_id-collectors",
    "https://api.surveymonkey.com/v3/docs#scopes",
    "https://api.surveymonkey.com/v3/docs#error-codes",
    "https://api.surveymonkey.com/v3/docs#data-centers",
  ],
});
