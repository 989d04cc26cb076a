// Outlook email on the server: its entry, the OAuth scopes its tools need, its tools and their references.
// Microsoft offers no endpoint to revoke one delegated grant's tokens: disconnecting forgets them, and
// the user removes the app's consent at https://myapps.microsoft.com (or an admin in Entra ID).
import type { OpenApiDocument } from "../_kit/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { outlookEmailEntry } from "./entry.ts";
import document from "./openapi.json" with { type: "json" };
import { outlookEmailCodeTools } from "./tools.ts";

export const outlookEmailIntegration = defineIntegration({
  entry: outlookEmailEntry,
  // Mail.ReadWrite: list, read, draft and move; Mail.Send: sendMail, reply and sending drafts.
  oauthScopes: ["Mail.ReadWrite", "Mail.Send"],
  tools: { kind: "openapi", document: document as OpenApiDocument, code: outlookEmailCodeTools },
  references: [
    "https://learn.microsoft.com/graph/api/resources/mail-api-overview",
    "https://learn.microsoft.com/graph/api/user-list-messages",
    "https://learn.microsoft.com/graph/api/mailfolder-list-messages",
    "https://learn.microsoft.com/graph/search-query-parameter#using-search-on-message-collections",
    "https://learn.microsoft.com/graph/api/message-get",
    "https://learn.microsoft.com/graph/api/message-list-attachments",
    "https://learn.microsoft.com/graph/api/user-sendmail",
    "https://learn.microsoft.com/graph/api/message-reply",
    "https://learn.microsoft.com/graph/api/message-replyall",
    "https://learn.microsoft.com/graph/api/user-post-messages",
    "https://learn.microsoft.com/graph/api/message-createreply",
    "https://learn.microsoft.com/graph/api/message-send",
    "https://learn.microsoft.com/graph/api/message-move",
    "https://learn.microsoft.com/graph/api/user-list-mailfolders",
    "https://learn.microsoft.com/graph/api/mailfolder-list-childfolders",
    "https://learn.microsoft.com/graph/outlook-create-send-messages",
    "https://learn.microsoft.com/graph/paging",
    "https://learn.microsoft.com/graph/errors",
  ],
});
