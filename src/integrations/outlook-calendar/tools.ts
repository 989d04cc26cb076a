// Outlook Calendar's tools as code: the calendar view follows @odata.nextLink, answers come in the time
// zone asked for (Prefer: outlook.timezone), and events are written from plain fields (attendees as
// addresses, times with one time zone). https://learn.microsoft.com/graph/api/resources/event
import { z } from "zod";
import { defineCodeTool, jsonResult } from "../_kit/code-tools.ts";
import { additive, destructiveIdempotent, idempotentWrite, readOnly } from "../_kit/tool-annotations.ts";
import {
  addresses,
  dateTimeTimeZone,
  enc,
  graphId,
  graphPageResult,
  localDateTime,
  nextLinkArg,
  preferTimeZone,
  recipient,
  timeZoneArg,
} from "../_microsoft/graph.ts";

const eventId = graphId("The event id (from list_events).");
const calendarId = graphId("A calendar id from list_calendars; default: the user's default calendar.");
const EVENT_FIELDS =
  "id,subject,start,end,isAllDay,location,organizer,attendees,bodyPreview,showAs,isCancelled,isOnlineMeeting,onlineMeeting,webLink,seriesMasterId,type";

const attendees = (required: readonly string[] = [], optional: readonly string[] = []) => [
  ...required.map((value) => ({ ...recipient(value), type: "required" })),
  ...optional.map((value) => ({ ...recipient(value), type: "optional" })),
];

const eventFields = {
  subject: z.string().min(1).max(255).describe("The event's title."),
  start: localDateTime.describe("Start, a local date-time in timeZone, e.g. 2026-03-02T10:00:00."),
  end: localDateTime.describe("End, a local date-time in timeZone, e.g. 2026-03-02T10:30:00."),
  timeZone: timeZoneArg,
  attendees: addresses("People to invite as required attendees; Outlook sends them the invitation."),
  optionalAttendees: addresses("People to invite as optional attendees."),
  location: z.string().max(500).describe('Where, e.g. "Room 4.12" or an address.'),
  text: z.string().max(100_000).describe("The description as plain text."),
  isOnlineMeeting: z.boolean().describe("Add a Teams meeting link (work or school accounts)."),
  isAllDay: z
    .boolean()
    .describe(
      "An all-day event: start and end are then midnights, e.g. 2026-03-02T00:00:00 to 2026-03-03T00:00:00.",
    ),
};

export const listCalendars = defineCodeTool({
  name: "list_calendars",
  title: "List calendars",
  description:
    "Use to learn the user's calendars and their ids (the default one, shared and other calendars) before listing or creating events in one that is not the default. Returns { value: [calendar: id, name, color, isDefaultCalendar, canEdit, owner], nextLink when there are more }. Example: {}.",
  input: z.strictObject({
    top: z.number().int().min(1).max(1000).optional().describe("Calendars per page (Graph's default is 10)."),
    nextLink: nextLinkArg,
  }),
  annotations: readOnly,
  async run({ top, nextLink }, context) {
    return graphPageResult(
      context,
      {
        method: "GET",
        path: "/me/calendars",
        query: { $top: top, $select: "id,name,color,isDefaultCalendar,canEdit,owner" },
      },
      nextLink,
    );
  },
});

export const listEvents = defineCodeTool({
  name: "list_events",
  title: "List events in a time range",
  description:
    'Use to see what is on the calendar between two times (today\'s agenda, next week, a given day): recurring meetings come as their single occurrences, in start order. Returns { value: [event: id, subject, start, end, isAllDay, location, organizer, attendees, showAs, webLink, type], nextLink when there are more }, times in timeZone (UTC by default). Example: {"start": "2026-03-02T00:00:00+01:00", "end": "2026-03-09T00:00:00+01:00", "timeZone": "Europe/Prague"}. When the answer has nextLink, call again with it (and the same timeZone).',
  input: z.strictObject({
    start: z
      .string()
      .min(10)
      .max(40)
      .optional()
      .describe(
        "Start of the range, ISO 8601, e.g. 2026-03-02T00:00:00+01:00 (without offset: UTC). Required unless nextLink is given.",
      ),
    end: z
      .string()
      .min(10)
      .max(40)
      .optional()
      .describe(
        "End of the range, ISO 8601, e.g. 2026-03-09T00:00:00+01:00. Required unless nextLink is given.",
      ),
    calendarId: calendarId.optional(),
    timeZone: timeZoneArg.optional(),
    top: z.number().int().min(1).max(1000).optional().describe("Events per page (Graph's default is 10)."),
    nextLink: nextLinkArg,
  }),
  annotations: readOnly,
  async run({ start, end, calendarId, timeZone, top, nextLink }, context) {
    if ((!start || !end) && !nextLink) {
      return { isError: true, content: [{ type: "text", text: "Give start and end (or nextLink)." }] };
    }
    return graphPageResult(
      context,
      {
        method: "GET",
        path: calendarId ? `/me/calendars/${enc(calendarId)}/calendarView` : "/me/calendarView",
        query: {
          startDateTime: start,
          endDateTime: end,
          $top: top,
          $select: EVENT_FIELDS,
          $orderby: "start/dateTime",
        },
        headers: preferTimeZone(timeZone),
      },
      nextLink,
    );
  },
});

/** An OData string literal: single quotes doubled. */
const odataText = (value: string) => `'${value.replace(/'/g, "''")}'`;

// GET /me/events: the events of the user's calendar as they were created (a recurring meeting once, as
// its series master), filtered and sorted with OData. https://learn.microsoft.com/graph/api/user-list-events
export const findEvents = defineCodeTool({
  name: "find_events",
  title: "Find events by subject or start",
  description:
    'Use to find meetings by their subject or from a date on without giving a whole range, e.g. "when is the budget review": recurring meetings come once, as their series (type seriesMaster), unlike list_events. Returns { value: [event], nextLink when there are more }, times in timeZone (UTC by default). Example: {"subjectContains": "budget", "startsFrom": "2026-03-01T00:00:00", "timeZone": "Europe/Prague"}. When the answer has nextLink, call again with it (and the same timeZone).',
  input: z.strictObject({
    subjectContains: z
      .string()
      .min(1)
      .max(255)
      .optional()
      .describe("Only events whose subject contains this text."),
    startsFrom: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, "YYYY-MM-DDTHH:MM:SS")
      .optional()
      .describe("Only events starting at or after this time, UTC, YYYY-MM-DDTHH:MM:SS."),
    order: z.enum(["asc", "desc"]).default("asc").describe("By start time (default asc)."),
    timeZone: timeZoneArg.optional(),
    top: z.number().int().min(1).max(1000).optional().describe("Events per page (Graph's default is 10)."),
    nextLink: nextLinkArg,
  }),
  annotations: readOnly,
  async run({ subjectContains, startsFrom, order, timeZone, top, nextLink }, context) {
    const filters = [
      ...(subjectContains ? [`contains(subject,${odataText(subjectContains)})`] : []),
      ...(startsFrom ? [`start/dateTime ge ${odataText(startsFrom)}`] : []),
    ];
    return graphPageResult(
      context,
      {
        method: "GET",
        path: "/me/events",
        query: {
          $filter: filters.length ? filters.join(" and ") : undefined,
          $orderby: `start/dateTime ${order}`,
          $top: top,
          $select: EVENT_FIELDS,
        },
        headers: preferTimeZone(timeZone),
      },
      nextLink,
    );
  },
});

export const getEvent = defineCodeTool({
  name: "get_event",
  title: "Read an event",
  description:
    'Use to read one event in full: title, times, location, organizer, attendees with their responses, the description, online meeting link and recurrence. Returns the event as Graph gives it, times in timeZone (UTC by default). Example: {"id": "AAMkAGI2TGuLAAA=", "timeZone": "Europe/Prague"}.',
  input: z.strictObject({ id: eventId, timeZone: timeZoneArg.optional() }),
  annotations: readOnly,
  async run({ id, timeZone }, context) {
    const event = await context.request<Record<string, unknown>>({
      method: "GET",
      path: `/me/events/${enc(id)}`,
      headers: preferTimeZone(timeZone),
    });
    const { "@odata.context": _, "@odata.etag": __, ...rest } = event;
    return jsonResult(rest);
  },
});

export const createEvent = defineCodeTool({
  name: "create_event",
  title: "Create an event",
  description:
    'Use to put a meeting or appointment on the calendar; with attendees, Outlook sends them invitations at once. Returns the event: { id, subject, start, end, webLink, onlineMeeting }. Example: {"subject": "Planning", "start": "2026-03-02T10:00:00", "end": "2026-03-02T10:30:00", "timeZone": "Europe/Prague", "attendees": ["ana@example.com"], "location": "Room 4.12"}.',
  input: z.strictObject({
    subject: eventFields.subject,
    start: eventFields.start,
    end: eventFields.end,
    timeZone: eventFields.timeZone,
    attendees: eventFields.attendees.optional(),
    optionalAttendees: eventFields.optionalAttendees.optional(),
    location: eventFields.location.optional(),
    text: eventFields.text.optional(),
    isOnlineMeeting: eventFields.isOnlineMeeting.optional(),
    isAllDay: eventFields.isAllDay.optional(),
    calendarId: calendarId.optional(),
  }),
  annotations: additive,
  async run(args, context) {
    const invited = attendees(args.attendees, args.optionalAttendees);
    const event = await context.request<Record<string, unknown>>({
      method: "POST",
      path: args.calendarId ? `/me/calendars/${enc(args.calendarId)}/events` : "/me/events",
      body: {
        subject: args.subject,
        start: dateTimeTimeZone(args.start, args.timeZone),
        end: dateTimeTimeZone(args.end, args.timeZone),
        ...(args.text !== undefined ? { body: { contentType: "Text", content: args.text } } : {}),
        ...(args.location ? { location: { displayName: args.location } } : {}),
        ...(invited.length ? { attendees: invited } : {}),
        ...(args.isOnlineMeeting !== undefined ? { isOnlineMeeting: args.isOnlineMeeting } : {}),
        ...(args.isAllDay !== undefined ? { isAllDay: args.isAllDay } : {}),
      },
      headers: preferTimeZone(args.timeZone),
    });
    const { id, subject, start, end, webLink, onlineMeeting } = event;
    return jsonResult({ id, subject, start, end, webLink, onlineMeeting });
  },
});

export const updateEvent = defineCodeTool({
  name: "update_event",
  title: "Update or move an event",
  description:
    'Use to change an event: move it (new start and end), rename it, change the place or description, or replace the attendee list; fields not given stay as they are. Attendees are told of the change by Outlook. Returns the updated event: { id, subject, start, end, webLink }. Example: {"id": "AAMkAGI2TGuLAAA=", "start": "2026-03-03T14:00:00", "end": "2026-03-03T14:30:00", "timeZone": "Europe/Prague"}.',
  input: z.strictObject({
    id: eventId,
    subject: eventFields.subject.optional(),
    start: eventFields.start.optional(),
    end: eventFields.end.optional(),
    timeZone: timeZoneArg
      .optional()
      .describe("The time zone of start and end; required when either is given."),
    attendees: eventFields.attendees
      .optional()
      .describe("The new list of required attendees (replaces the old list)."),
    optionalAttendees: eventFields.optionalAttendees.optional(),
    location: eventFields.location.optional(),
    text: eventFields.text.optional(),
    isOnlineMeeting: eventFields.isOnlineMeeting.optional(),
  }),
  annotations: idempotentWrite,
  async run({ id, ...args }, context) {
    if ((args.start || args.end) && !args.timeZone) {
      return { isError: true, content: [{ type: "text", text: "Give timeZone with start or end." }] };
    }
    const zone = args.timeZone ?? "UTC";
    const changes: Record<string, unknown> = {
      ...(args.subject !== undefined ? { subject: args.subject } : {}),
      ...(args.start ? { start: dateTimeTimeZone(args.start, zone) } : {}),
      ...(args.end ? { end: dateTimeTimeZone(args.end, zone) } : {}),
      ...(args.location !== undefined ? { location: { displayName: args.location } } : {}),
      ...(args.text !== undefined ? { body: { contentType: "Text", content: args.text } } : {}),
      ...(args.attendees || args.optionalAttendees
        ? { attendees: attendees(args.attendees, args.optionalAttendees) }
        : {}),
      ...(args.isOnlineMeeting !== undefined ? { isOnlineMeeting: args.isOnlineMeeting } : {}),
    };
    if (Object.keys(changes).length === 0) {
      return { isError: true, content: [{ type: "text", text: "Give at least one field to change." }] };
    }
    const event = await context.request<Record<string, unknown>>({
      method: "PATCH",
      path: `/me/events/${enc(id)}`,
      body: changes,
      headers: preferTimeZone(args.timeZone),
    });
    const { subject, start, end, webLink } = event;
    return jsonResult({ id: event.id, subject, start, end, webLink, updated: Object.keys(changes) });
  },
});

export const deleteEvent = defineCodeTool({
  name: "delete_event",
  title: "Delete an event",
  description:
    'Use to remove an event from the calendar. When the user organizes a meeting with attendees, Outlook sends them a cancellation. The event goes to Deleted Items. Returns { deleted: id }. Example: {"id": "AAMkAGI2TGuLAAA="}.',
  input: z.strictObject({ id: eventId }),
  annotations: destructiveIdempotent,
  async run({ id }, context) {
    await context.request({ method: "DELETE", path: `/me/events/${enc(id)}` });
    return jsonResult({ deleted: id });
  },
});

/** Minutes → the ISO 8601 duration Graph takes, e.g. 90 → PT1H30M. */
export function isoDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours ? `${hours}H` : ""}${rest ? `${rest}M` : ""}`;
}

export const findMeetingTimes = defineCodeTool({
  name: "find_meeting_times",
  title: "Find meeting times",
  description:
    'Use to find when people can meet: Outlook weighs the attendees\' and organizer\'s free/busy times and work hours in a window and suggests slots (work or school accounts only). Nothing is booked. Returns { meetingTimeSuggestions: [{ meetingTimeSlot: {start, end}, confidence, organizerAvailability, attendeeAvailability }], emptySuggestionsReason when there are none }, times in timeZone. Example: {"attendees": ["ana@example.com", "bob@example.com"], "rooms": ["room412@example.com"], "start": "2026-03-02T09:00:00", "end": "2026-03-04T17:00:00", "timeZone": "Europe/Prague", "durationMinutes": 60}.',
  input: z.strictObject({
    attendees: addresses(
      "The people to meet (findMeetingTimes treats every person as required); empty: the user's own free time.",
    ),
    rooms: addresses("Rooms or equipment by address, which must be free too.").optional(),
    start: localDateTime.describe("Start of the search window, a local date-time in timeZone."),
    end: localDateTime.describe("End of the search window, a local date-time in timeZone."),
    timeZone: timeZoneArg,
    durationMinutes: z.number().int().min(5).max(1440).describe("The meeting's length in minutes."),
    maxCandidates: z.number().int().min(1).max(100).optional().describe("At most this many suggestions."),
    minimumAttendeePercentage: z
      .number()
      .min(0)
      .max(100)
      .optional()
      .describe("Suggest only slots where at least this share of attendees is free (default 50)."),
    isOrganizerOptional: z.boolean().optional().describe("The user need not attend (default false)."),
  }),
  annotations: readOnly,
  async run(args, context) {
    const suggestions = await context.request<Record<string, unknown>>({
      method: "POST",
      path: "/me/findMeetingTimes",
      body: {
        attendees: [
          ...attendees(args.attendees),
          ...(args.rooms ?? []).map((value) => ({ ...recipient(value), type: "resource" })),
        ],
        timeConstraint: {
          activityDomain: "work",
          timeSlots: [
            {
              start: dateTimeTimeZone(args.start, args.timeZone),
              end: dateTimeTimeZone(args.end, args.timeZone),
            },
          ],
        },
        meetingDuration: isoDuration(args.durationMinutes),
        ...(args.maxCandidates !== undefined ? { maxCandidates: args.maxCandidates } : {}),
        ...(args.minimumAttendeePercentage !== undefined
          ? { minimumAttendeePercentage: args.minimumAttendeePercentage }
          : {}),
        ...(args.isOrganizerOptional !== undefined ? { isOrganizerOptional: args.isOrganizerOptional } : {}),
        returnSuggestionReasons: true,
      },
      headers: preferTimeZone(args.timeZone),
    });
    const { "@odata.context": _, ...rest } = suggestions;
    return jsonResult(rest);
  },
});

export const outlookCalendarCodeTools = [
  listCalendars,
  listEvents,
  findEvents,
  getEvent,
  createEvent,
  updateEvent,
  deleteEvent,
  findMeetingTimes,
];
