// Google Calendar's list_events as code: it always asks for recurring events expanded into their
// instances (singleEvents=true) in start order, which a model would otherwise have to know to ask for.
// https://developers.google.com/workspace/calendar/api/v3/reference/events/list
import { z } from "zod";
import { defineCodeTool, jsonResult } from "../_kit/code-tools.ts";
import { readOnly } from "../_kit/tool-annotations.ts";

/** events.list's timeMin/timeMax: RFC 3339 with a mandatory offset (Google answers 400 without one). */
export const RFC3339_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const instant = z
  .string()
  .regex(RFC3339_WITH_OFFSET, "an RFC 3339 time with offset, e.g. 2026-03-02T00:00:00+01:00 or …Z");

export const listEvents = defineCodeTool({
  name: "list_events",
  title: "List events in a time range",
  description:
    'Use to see what is on a calendar between two times (today\'s agenda, next week, a given day): recurring events come as their single occurrences, in start order. Returns { items: [event: id, summary, start, end, location, attendees, htmlLink, recurringEventId], nextPageToken when there are more }. Example: {"calendarId": "primary", "timeMin": "2026-03-02T00:00:00+01:00", "timeMax": "2026-03-09T00:00:00+01:00"}. When the answer has nextPageToken, call again with it as pageToken.',
  input: z.strictObject({
    calendarId: z
      .string()
      .min(1)
      .default("primary")
      .describe('The calendar: "primary" (default) or an id from list_calendars.'),
    timeMin: instant.describe(
      "Start of the range, RFC 3339 with offset: events ending after it are included.",
    ),
    timeMax: instant.describe(
      "End of the range, RFC 3339 with offset: events starting before it are included.",
    ),
    q: z.string().max(500).optional().describe("Words to look for in title, description, place or guests."),
    timeZone: z.string().optional().describe("Time zone of the answer's times, e.g. Europe/Prague."),
    maxResults: z.number().int().min(1).max(2500).optional().describe("Events per page (default 250)."),
    pageToken: z.string().optional().describe("The nextPageToken from the previous page."),
  }),
  annotations: readOnly,
  async run({ calendarId, ...query }, context) {
    const events = await context.request<Record<string, unknown>>({
      method: "GET",
      path: `/calendars/${encodeURIComponent(calendarId)}/events`,
      query: { ...query, singleEvents: true, orderBy: "startTime" },
    });
    return jsonResult(events);
  },
});
