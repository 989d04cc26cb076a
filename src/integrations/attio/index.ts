// Attio on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import type { OpenApiDocument } from "../_kit/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { attioEntry } from "./entry.ts";
import { listAndNoteTools } from "./lists-notes.ts";
import document from "./openapi.json" with { type: "json" };
import { recordTools } from "./records.ts";

export const attioIntegration = defineIntegration({
  entry: attioEntry,
  // Attio grants the scopes chosen in the app's settings (listed here so the OAuth app guide shows them):
  // records, lists and notes as each endpoint's "Required scopes" names them.
  oauthScopes: [
    "record_permission:read-write",
    "object_configuration:read",
    "list_entry:read-write",
    "list_configuration:read",
    "note:read-write",
  ],
  tools: {
    kind: "openapi",
    document: document as OpenApiDocument,
    code: [...recordTools, ...listAndNoteTools],
  },
  references: [
    "https://docs.attio.com/rest-api/endpoint-reference/records/assert-a-record",
    "https://docs.attio.com/rest-api/endpoint-reference/meta/identify",
    "https://docs.attio.com/rest-api/endpoint-reference/objects/list-objects",
    "https://docs.attio.com/rest-api/endpoint-reference/objects/get-an-object",
    "https://docs.attio.com/rest-api/endpoint-reference/records/list-records",
    "https://docs.attio.com/rest-api/endpoint-reference/records/search-records",
    "https://docs.attio.com/rest-api/endpoint-reference/records/get-a-record",
    "https://docs.attio.com/rest-api/endpoint-reference/records/create-a-record",
    "https://docs.attio.com/rest-api/endpoint-reference/records/update-a-record-append-multiselect-values",
    "https://docs.attio.com/rest-api/endpoint-reference/lists/list-all-lists",
    "https://docs.attio.com/rest-api/endpoint-reference/entries/list-entries",
    "https://docs.attio.com/rest-api/endpoint-reference/entries/create-an-entry-add-record-to-list",
    "https://docs.attio.com/rest-api/endpoint-reference/notes/list-notes",
    "https://docs.attio.com/rest-api/endpoint-reference/notes/create-a-note",
    "https://docs.attio.com/rest-api/guides/filtering-and-sorting",
    "https://docs.attio.com/rest-api/guides/pagination",
    "https://docs.attio.com/rest-api/tutorials/connect-an-app-through-oauth",
  ],
});
