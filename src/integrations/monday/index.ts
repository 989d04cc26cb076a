// monday.com on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import type { OpenApiDocument } from "../_kit/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { boardItemTools } from "./boards-items.ts";
import { mondayEntry } from "./entry.ts";
import document from "./openapi.json" with { type: "json" };
import { updateUserTools } from "./updates-users.ts";

export const mondayIntegration = defineIntegration({
  entry: mondayEntry,
  // boards:* for boards, items and column values; updates:* for updates; users:read for users.
  oauthScopes: ["me:read", "boards:read", "boards:write", "updates:read", "updates:write", "users:read"],
  tools: {
    kind: "openapi",
    document: document as OpenApiDocument,
    code: [...boardItemTools, ...updateUserTools],
  },
  references: [
    "https://developer.monday.com/api-reference/docs/basics",
    "https://developer.monday.com/api-reference/docs/api-versioning",
    "https://developer.monday.com/api-reference/docs/error-handling",
    "https://developer.monday.com/api-reference/reference/boards",
    "https://developer.monday.com/api-reference/reference/columns",
    "https://developer.monday.com/api-reference/changelog/deprecating-settings_str-field-on-columns",
    "https://developer.monday.com/api-reference/reference/groups",
    "https://developer.monday.com/api-reference/reference/items-page",
    "https://developer.monday.com/api-reference/docs/querying-board-items",
    "https://developer.monday.com/api-reference/changelog/new-next_items_page-object-for-cursor-based-pagination",
    "https://developer.monday.com/api-reference/reference/items",
    "https://developer.monday.com/api-reference/docs/change-column-values",
    "https://developer.monday.com/api-reference/reference/updates",
    "https://developer.monday.com/api-reference/reference/users",
    "https://developer.monday.com/apps/docs/oauth",
  ],
});
