// The fake Graph's Outlook calendar area: calendars, calendarView (startDateTime and endDateTime
// required), events get/create/update/delete, findMeetingTimes and calendar/getSchedule.
import { json, type RecordedRequest } from "../http-fake.ts";
import {
  emailAddress,
  type FakeEvent,
  type GraphRequest,
  graphError,
  type Handled,
  MAILBOX,
  NOT_MINE,
  notFound,
  selected,
  validRecipients,
} from "./state.ts";

function eventResource(event: FakeEvent, request: RecordedRequest) {
  const zone = /outlook\.timezone="([^"]+)"/.exec(String(request.headers.prefer ?? ""))?.[1] ?? "UTC";
  return {
    "@odata.etag": 'W/"DwAAABYAAAC4"',
    id: event.id,
    subject: event.subject,
    bodyPreview: (event.body ?? "").slice(0, 255),
    body: { contentType: "html", content: `<html><body>${event.body ?? ""}</body></html>` },
    start: { dateTime: `${event.start}.0000000`, timeZone: zone },
    end: { dateTime: `${event.end}.0000000`, timeZone: zone },
    isAllDay: false,
    isCancelled: false,
    showAs: "busy",
    type: "singleInstance",
    location: { displayName: event.location ?? "" },
    organizer: emailAddress(`${MAILBOX.name} <${MAILBOX.address}>`),
    attendees: event.attendees.map((address) => ({
      type: "required",
      status: { response: "none", time: "0001-01-01T00:00:00Z" },
      ...emailAddress(address),
    })),
    webLink: `https://outlook.office365.com/owa/?itemid=${event.id}&path=/calendar/item`,
    onlineMeeting: null,
  };
}

/** A dateTimeTimeZone from a request body, as a UTC string (the fake knows UTC and Europe/Prague, +1). */
function utcOf(value: unknown): string | null {
  const { dateTime, timeZone } = (value ?? {}) as { dateTime?: unknown; timeZone?: unknown };
  if (typeof dateTime !== "string" || typeof timeZone !== "string") return null;
  const shift = timeZone === "Europe/Prague" ? -1 : timeZone === "UTC" ? 0 : null;
  if (shift === null) return null;
  const date = new Date(`${dateTime.slice(0, 19)}Z`);
  date.setUTCHours(date.getUTCHours() + shift);
  return date.toISOString().slice(0, 19);
}

export function handleCalendar(graph: GraphRequest): Handled {
  const { fake, request, response, path, segments, body, wantsJson, is, page, nextId } = graph;
  // ---- Outlook calendar
  if (is("GET", /^\/me\/calendars$/)) {
    const value = fake.calendars.map((calendar) =>
      selected(request, {
        ...calendar,
        color: "auto",
        canEdit: true,
        owner: { name: MAILBOX.name, address: MAILBOX.address },
      }),
    );
    return json(response, 200, page(request, value, 10));
  }
  const view = /^\/me(?:\/calendars\/([^/]+))?\/calendarView$/.exec(path);
  if (request.method === "GET" && view) {
    const start = request.query.get("startDateTime");
    const end = request.query.get("endDateTime");
    if (!start || !end) {
      return graphError(
        response,
        400,
        "ErrorInvalidParameter",
        "This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.",
      );
    }
    const calendar = view[1]
      ? decodeURIComponent(view[1])
      : (fake.calendars.find((item) => item.isDefaultCalendar)?.id ?? "");
    const from = new Date(start).getTime();
    const to = new Date(end).getTime();
    const found = fake.events
      .filter(
        (event) =>
          event.calendarId === calendar &&
          new Date(`${event.end}Z`).getTime() > from &&
          new Date(`${event.start}Z`).getTime() < to,
      )
      .sort((a, b) => a.start.localeCompare(b.start))
      .map((event) => selected(request, eventResource(event, request)));
    return json(response, 200, page(request, found, 10));
  }
  // GET /me/events: the default calendar's events; $filter with contains(subject,'…') and
  // start/dateTime ge '…' joined by "and", $orderby start/dateTime asc|desc.
  if (is("GET", /^\/me\/events$/)) {
    const calendar = fake.calendars.find((item) => item.isDefaultCalendar)?.id ?? "";
    let found = fake.events.filter((event) => event.calendarId === calendar);
    const filter = request.query.get("$filter");
    for (const clause of filter ? filter.split(" and ") : []) {
      const contains = /^contains\(subject,'((?:[^']|'')*)'\)$/.exec(clause);
      const from = /^start\/dateTime ge '([^']*)'$/.exec(clause);
      if (contains) {
        const text = (contains[1] ?? "").replace(/''/g, "'").toLowerCase();
        found = found.filter((event) => event.subject.toLowerCase().includes(text));
      } else if (from) found = found.filter((event) => event.start >= (from[1] ?? ""));
      else return graphError(response, 400, "BadRequest", `Invalid filter clause: ${clause}`);
    }
    const descending = request.query.get("$orderby") === "start/dateTime desc";
    found.sort((a, b) => (descending ? b.start.localeCompare(a.start) : a.start.localeCompare(b.start)));
    return json(
      response,
      200,
      page(
        request,
        found.map((event) => selected(request, eventResource(event, request))),
        10,
      ),
    );
  }
  const eventCreate = /^\/me(?:\/calendars\/([^/]+))?\/events$/.exec(path);
  if (request.method === "POST" && eventCreate) {
    if (!wantsJson()) return;
    const start = utcOf(body.start);
    const end = utcOf(body.end);
    if (
      !body.subject ||
      !start ||
      !end ||
      !validRecipients(body.attendees?.map(({ type: _, ...rest }: { type?: string }) => rest))
    ) {
      return graphError(
        response,
        400,
        "ErrorInvalidRequest",
        "The event is not valid: subject, start and end with a timeZone are needed.",
      );
    }
    const event: FakeEvent = {
      id: nextId("AAMkEvent"),
      calendarId: eventCreate[1] ? decodeURIComponent(eventCreate[1]) : "AQMkCalendar",
      subject: body.subject,
      start,
      end,
      attendees: (body.attendees ?? []).map(
        (item: { emailAddress: { address: string } }) => item.emailAddress.address,
      ),
      location: body.location?.displayName,
      body: body.body?.content,
    };
    fake.events.push(event);
    return json(response, 201, eventResource(event, request));
  }
  if (segments[0] === "me" && segments[1] === "events" && segments[2] && !segments[3]) {
    const event = fake.events.find((candidate) => candidate.id === segments[2]);
    if (!event) return notFound(response);
    if (request.method === "GET") return json(response, 200, eventResource(event, request));
    if (request.method === "DELETE") {
      fake.events.splice(fake.events.indexOf(event), 1);
      response.writeHead(204).end();
      return;
    }
    if (request.method === "PATCH") {
      if (!wantsJson()) return;
      if (body.start) event.start = utcOf(body.start) ?? event.start;
      if (body.end) event.end = utcOf(body.end) ?? event.end;
      if (body.subject !== undefined) event.subject = body.subject;
      if (body.location) event.location = body.location.displayName;
      if (body.body) event.body = body.body.content;
      return json(response, 200, eventResource(event, request));
    }
  }
  if (is("POST", /^\/me\/findMeetingTimes$/)) {
    if (!wantsJson()) return;
    const slot = body.timeConstraint?.timeSlots?.[0];
    const minutes = /^PT(?:(\d+)H)?(?:(\d+)M)?$/.exec(String(body.meetingDuration ?? ""));
    if (
      !slot?.start?.dateTime ||
      !slot?.end?.dateTime ||
      !minutes ||
      !validRecipients(body.attendees?.map(({ type: _, ...rest }: { type?: string }) => rest))
    ) {
      return graphError(
        response,
        400,
        "ErrorInvalidRequest",
        "attendees, timeConstraint.timeSlots and meetingDuration are needed.",
      );
    }
    const zone = /outlook\.timezone="([^"]+)"/.exec(String(request.headers.prefer ?? ""))?.[1] ?? "UTC";
    const length = (Number(minutes[1] ?? 0) * 60 + Number(minutes[2] ?? 0)) * 60_000;
    const startAt = new Date(`${slot.start.dateTime}Z`);
    return json(response, 200, {
      "@odata.context": `${fake.base}/$metadata#microsoft.graph.meetingTimeSuggestionsResult`,
      emptySuggestionsReason: "",
      meetingTimeSuggestions: [
        {
          confidence: 100,
          organizerAvailability: "free",
          suggestionReason:
            "Suggested because it is one of the nearest times when all attendees are available.",
          meetingTimeSlot: {
            start: { dateTime: `${slot.start.dateTime}.0000000`, timeZone: zone },
            end: {
              dateTime: `${new Date(startAt.getTime() + length).toISOString().slice(0, 19)}.0000000`,
              timeZone: zone,
            },
          },
          attendeeAvailability: body.attendees.map((attendee: { type: string; emailAddress: unknown }) => ({
            attendee: { type: attendee.type, emailAddress: attendee.emailAddress },
            availability: "free",
          })),
          locations: [],
        },
      ],
    });
  }
  if (is("POST", /^\/me\/calendar\/getSchedule$/)) {
    if (!wantsJson()) return;
    if (!Array.isArray(body.schedules) || !body.startTime?.dateTime || !body.endTime?.dateTime) {
      return graphError(response, 400, "ErrorInvalidRequest", "schedules, startTime and endTime are needed.");
    }
    return json(response, 200, {
      value: body.schedules.map((address: string) => ({
        scheduleId: address,
        availabilityView: "0220",
        scheduleItems: [
          {
            isPrivate: false,
            status: "busy",
            start: {
              dateTime: `${body.startTime.dateTime.slice(0, 11)}09:00:00.0000000`,
              timeZone: body.startTime.timeZone,
            },
            end: {
              dateTime: `${body.startTime.dateTime.slice(0, 11)}10:00:00.0000000`,
              timeZone: body.startTime.timeZone,
            },
          },
        ],
        workingHours: {
          daysOfWeek: ["monday", "tuesday", "wednesday", "thursday", "friday"],
          startTime: "08:00:00.0000000",
          endTime: "17:00:00.0000000",
        },
      })),
    });
  }
  return NOT_MINE;
}
