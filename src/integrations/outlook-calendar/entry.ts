// outlook-calendar: its public catalogue entry (browser-safe: no server code, no zod).
import { defineEntry } from "../define-entry.ts";

export const outlookCalendarEntry = defineEntry("outlook-calendar", {
  provider: "microsoft",
  name: "Outlook Calendar",
  description: "Manage Microsoft 365 calendars: events, invitations and free/busy time.",
  category: "Calendar & Scheduling",
  logo: { background: "#0F6CBD", glyph: "OC" },
  features: ["List and search events", "Schedule and update meetings", "Check free/busy"],
  documentationUrl: "https://learn.microsoft.com/graph/api/resources/calendar",
  popularity: 88,
  sourceType: "openapi",
});
