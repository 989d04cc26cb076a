// Jira on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import type { OpenApiDocument } from "../_kit/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { jiraEntry } from "./entry.ts";
import document from "./openapi.json" with { type: "json" };
import { jiraCodeTools } from "./tools.ts";

export const jiraIntegration = defineIntegration({
  entry: jiraEntry,
  oauthScopes: ["read:jira-work", "write:jira-work", "read:jira-user"],
  tools: { kind: "openapi", document: document as OpenApiDocument, code: jiraCodeTools },
  references: [
    "https://developer.atlassian.com/cloud/jira/platform/rest/v3/intro/",
    "https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-issue-search/#api-rest-api-3-search-jql-get",
    "https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-issue-search/#api-rest-api-3-search-jql-post",
    "https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-issues/",
    "https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-issue-comments/#api-rest-api-3-issue-issueidorkey-comment-post",
    "https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-projects/#api-rest-api-3-project-search-get",
    "https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-user-search/#api-rest-api-3-user-assignable-search-get",
    "https://developer.atlassian.com/cloud/jira/platform/apis/document/structure/",
    "https://developer.atlassian.com/cloud/jira/platform/rest/v3/intro/#status-codes",
  ],
});
