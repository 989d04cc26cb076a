// Outlook Calendar on the server: its entry, the OAuth scopes its tools need, its tools and their references.
// Microsoft offers no endpoint to revoke one delegated grant's tokens: disconnecting forgets them, and
// the user removes the app's consent at https://myapps.microsoft.com (or an admin in Entra ID).
import type { OpenApiDocument } from "../_kit/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { outlookCalendarEntry } from "./entry.ts";
import document from "./openapi.json" with { type: "json" };
import { outlookCalendarCodeTools } from "./tools.ts";

export const outlookCalendarIntegration = defineIntegration({
  entry: outlookCalendarEntry,
  // Calendars.ReadWrite: calendars and events; Calendars.Read.Shared: findMeetingTimes' least privilege.
  oauthScopes: ["Calendars.ReadWrite", "Calendars.Read.Shared"],
  tools: { kind: "openapi", document: document as OpenApiDocument, code: outlookCalendarCodeTools },
  references: [
    "https://learn.microsoft.com/graph/api/user-list-events",
    "https://learn.microsoft.com/graph/api/resources/calendar",
    "https://learn.microsoft.com/graph/api/user-list-calendars",
    "https://learn.microsoft.com/graph/api/user-list-calendarview",
    "https://learn.microsoft.com/graph/api/calendar-list-calendarview",
    "https://learn.microsoft.com/graph/api/event-get",
    "https://learn.microsoft.com/graph/api/user-post-events",
    "https://learn.microsoft.com/graph/api/calendar-post-events",
    "https://learn.microsoft.com/graph/api/event-update",
    "https://learn.microsoft.com/graph/api/event-delete",
    "https://learn.microsoft.com/graph/api/user-findmeetingtimes",
    "https://learn.microsoft.com/graph/findmeetingtimes-example",
    "https://learn.microsoft.com/graph/api/calendar-getschedule",
    "https://learn.microsoft.com/graph/api/resources/datetimetimezone",
    "https://learn.microsoft.com/graph/paging",
    "https://learn.microsoft.com/graph/errors",
  ],
});
