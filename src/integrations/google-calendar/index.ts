// Google Calendar on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import type { OpenApiDocument } from "../_kit/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { googleCalendarEntry } from "./entry.ts";
import document from "./openapi.json" with { type: "json" };
import { listEvents } from "./tools.ts";

export const googleCalendarIntegration = defineIntegration({
  entry: googleCalendarEntry,
  oauthScopes: ["https://www.googleapis.com/auth/calendar"],
  tools: { kind: "openapi", document: document as OpenApiDocument, code: [listEvents] },
  references: [
    "https://developers.google.com/workspace/calendar/api/v3/reference/",
    "https://developers.google.com/workspace/calendar/api/v3/reference/calendarList/list",
    "https://developers.google.com/workspace/calendar/api/v3/reference/events/list",
    "https://developers.google.com/workspace/calendar/api/v3/reference/events/get",
    "https://developers.google.com/workspace/calendar/api/v3/reference/events/insert",
    "https://developers.google.com/workspace/calendar/api/v3/reference/events/patch",
    "https://developers.google.com/workspace/calendar/api/v3/reference/events/move",
    "https://developers.google.com/workspace/calendar/api/v3/reference/events/delete",
    "https://developers.google.com/workspace/calendar/api/v3/reference/freebusy/query",
    "https://developers.google.com/workspace/calendar/api/guides/recurringevents",
  ],
});
