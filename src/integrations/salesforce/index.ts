// Salesforce on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import type { OpenApiDocument } from "../_kit/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { salesforceEntry } from "./entry.ts";
import document from "./openapi.json" with { type: "json" };
import { queryTools } from "./query.ts";
import { recordTools } from "./records.ts";

export const salesforceIntegration = defineIntegration({
  entry: salesforceEntry,
  // api: the REST API; refresh_token: a refresh token in the token answer (offline access).
  oauthScopes: ["api", "refresh_token"],
  tools: { kind: "openapi", document: document as OpenApiDocument, code: [...queryTools, ...recordTools] },
  references: [
    "https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_search_parameterized.htm",
    "https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_query.htm",
    "https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/dome_query.htm",
    "https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_search.htm",
    "https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_describeGlobal.htm",
    "https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_sobject_describe.htm",
    "https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_sobject_retrieve.htm",
    "https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/dome_sobject_create.htm",
    "https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/dome_update_fields.htm",
    "https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/errorcodes.htm",
    "https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_versions.htm",
    "https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/dome_versions.htm",
    "https://help.salesforce.com/s/articleView?id=sf.remoteaccess_oauth_web_server_flow.htm",
    "https://help.salesforce.com/s/articleView?id=sf.remoteaccess_revoke_token.htm",
  ],
});
