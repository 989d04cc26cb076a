// google-calendar: its public catalogue entry (browser-safe: no server code, no zod).
import { defineEntry } from "../define-entry.ts";

export const googleCalendarEntry = defineEntry("google-calendar", {
  provider: "google",
  name: "Google Calendar",
  description: "Check availability, list events and schedule meetings in Google Calendar.",
  category: "Calendar & Scheduling",
  logo: { background: "#4285F4", glyph: "31", src: "/logos/google-calendar.svg" },
  features: ["List and search events", "Create, move and cancel events", "Find free time"],
  documentationUrl: "https://developers.google.com/calendar/api",
  popularity: 96,
  sourceType: "openapi",
});
