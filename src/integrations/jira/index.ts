// Jira on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import type { OpenApiDocument } from "../../server/integrations/engine/openapi/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { jiraEntry } from "./entry.ts";
import document from "./openapi.json" with { type: "json" };

export const jiraIntegration = defineIntegration({
  entry: jiraEntry,
  oauthScopes: ["read:jira-work", "write:jira-work", "read:jira-user"],
  tools: { kind: "openapi", document: document as OpenApiDocument },
  references: ["https://developer.atlassian.com/cloud/jira/platform/rest/v3/intro/"],
});
