// Gmail on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import type { OpenApiDocument } from "../_kit/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { gmailEntry } from "./entry.ts";
import document from "./openapi.json" with { type: "json" };
import { gmailCodeTools } from "./tools.ts";

export const gmailIntegration = defineIntegration({
  entry: gmailEntry,
  oauthScopes: ["https://www.googleapis.com/auth/gmail.modify"],
  apiBaseUrl: "https://gmail.googleapis.com",
  tools: { kind: "openapi", document: document as OpenApiDocument, code: gmailCodeTools },
  references: [
    "https://developers.google.com/workspace/gmail/api/reference/rest",
    "https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.messages/list",
    "https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.messages/get",
    "https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.messages.attachments/get",
    "https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.messages/send",
    "https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.messages/modify",
    "https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.threads/list",
    "https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.threads/get",
    "https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.drafts/create",
    "https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.drafts/send",
    "https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.labels/list",
    "https://developers.google.com/workspace/gmail/api/reference/rest/v1/users/getProfile",
    "https://developers.google.com/workspace/gmail/api/guides/sending",
    "https://developers.google.com/workspace/gmail/api/guides/threads",
  ],
});
