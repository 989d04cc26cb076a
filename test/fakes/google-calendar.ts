// A fake Google Calendar API v3, written from Google's reference (not from Portico's code):
// https://developers.google.com/workspace/calendar/api/v3/reference — calendarList.list, events
// list/get/insert/patch/move/delete and freebusy.query. Recurring events (daily or weekly RRULE with
// COUNT) are expanded into instances when singleEvents=true; orderBy=startTime without singleEvents is
// refused as the reference says; lists page with opaque nextPageToken values.
import type { ServerResponse } from "node:http";
import { authorized, googleError, pageOf } from "./google-api.ts";
import { type HttpFake, json, type RecordedRequest, startHttpFake } from "./http-fake.ts";

export interface FakeEvent {
  id: string;
  calendarId: string;
  summary?: string;
  description?: string;
  location?: string;
  start: { dateTime?: string; date?: string; timeZone?: string };
  end: { dateTime?: string; date?: string; timeZone?: string };
  attendees?: { email: string; displayName?: string; optional?: boolean; responseStatus?: string }[];
  recurrence?: string[];
  recurringEventId?: string;
  [field: string]: unknown;
}

export interface FakeCalendar extends HttpFake {
  calendars: { id: string; summary: string; timeZone: string; primary?: boolean; accessRole: string }[];
  events: FakeEvent[];
  /** Busy intervals per calendar id for freebusy.query; ids absent here answer notFound. */
  busy: Record<string, { start: string; end: string }[]>;
}

const PREFIX = "/calendar/v3";
const DAY = 86_400_000;
/** An RFC 3339 time with its offset, as events.list's and freeBusy's range bounds must be. */
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const startOf = (event: FakeEvent) => Date.parse(event.start.dateTime ?? `${event.start.date}T00:00:00Z`);
const endOf = (event: FakeEvent) => Date.parse(event.end.dateTime ?? `${event.end.date}T00:00:00Z`);

/** The instances of a recurring event (FREQ=DAILY|WEEKLY with COUNT), with instance ids as Google forms them. */
function instances(event: FakeEvent): FakeEvent[] {
  const rule = event.recurrence?.find((line) => line.startsWith("RRULE:"));
  if (!rule) return [event];
  const step = /FREQ=WEEKLY/.test(rule) ? 7 * DAY : DAY;
  const count = Number(/COUNT=(\d+)/.exec(rule)?.[1] ?? 1);
  return Array.from({ length: count }, (_, index) => {
    const start = new Date(startOf(event) + index * step).toISOString();
    const end = new Date(endOf(event) + index * step).toISOString();
    const { recurrence: _rule, ...rest } = event;
    return {
      ...rest,
      id: `${event.id}_${start.replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z")}`,
      recurringEventId: event.id,
      start: { dateTime: start, timeZone: event.start.timeZone },
      end: { dateTime: end, timeZone: event.end.timeZone },
    };
  });
}

const publicEvent = ({ calendarId: _calendar, ...event }: FakeEvent) => ({
  kind: "calendar#event",
  status: "confirmed",
  htmlLink: `https://www.google.com/calendar/event?eid=${event.id}`,
  ...event,
});

/** `other` answers the other APIs on Google's shared host (Drive); it returns false for paths not its own. */
export async function startFakeGoogleCalendar(
  acceptsToken: (token: string) => boolean,
  other: (request: RecordedRequest, response: ServerResponse) => boolean = () => false,
): Promise<FakeCalendar> {
  let sequence = 0;
  let fake!: FakeCalendar;
  const http = await startHttpFake((request: RecordedRequest, response) => {
    if (!authorized(request, response, acceptsToken)) return;
    if (other(request, response)) return;
    if (!request.path.startsWith(PREFIX))
      return googleError(response, 404, "NOT_FOUND", "Not Found", "notFound");
    const segments = request.path.slice(PREFIX.length).split("/").filter(Boolean).map(decodeURIComponent);
    const body = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};
    const notFound = () => googleError(response, 404, "NOT_FOUND", "Not Found", "notFound");
    const route = `${request.method} ${segments.map((item, index) => (index % 2 === 1 ? ":" : item)).join("/")}`;
    const calendarId =
      segments[1] === "primary" ? fake.calendars.find((item) => item.primary)?.id : segments[1];
    const find = () =>
      fake.events.find((event) => event.id === segments[3] && event.calendarId === calendarId);

    if (route === "GET users/:/calendarList") {
      const { slice, next } = pageOf(fake.calendars, request, Number(request.query.get("maxResults") ?? 100));
      return json(response, 200, { kind: "calendar#calendarList", etag: '"e1"', items: slice, ...next });
    }
    if (route === "GET calendars/:/events") {
      const single = request.query.get("singleEvents") === "true";
      if (request.query.get("orderBy") === "startTime" && !single) {
        return googleError(
          response,
          400,
          "INVALID_ARGUMENT",
          "The requested ordering is not available for the particular query.",
          "invalid",
        );
      }
      // timeMin and timeMax must carry an offset (events.list reference); Google answers 400 otherwise.
      const range = [request.query.get("timeMin"), request.query.get("timeMax")];
      if (range.some((value) => value !== null && !WITH_OFFSET.test(value)))
        return googleError(response, 400, "INVALID_ARGUMENT", "Bad Request", "badRequest");
      const timeMin = Date.parse(request.query.get("timeMin") ?? "1970-01-01T00:00:00Z");
      const timeMax = Date.parse(request.query.get("timeMax") ?? "2999-01-01T00:00:00Z");
      const q = request.query.get("q")?.toLowerCase();
      const items = fake.events
        .filter((event) => event.calendarId === calendarId)
        .flatMap((event) => (single ? instances(event) : [event]))
        .filter((event) => endOf(event) > timeMin && startOf(event) < timeMax)
        .filter((event) => !q || `${event.summary} ${event.description}`.toLowerCase().includes(q))
        .sort((a, b) => startOf(a) - startOf(b));
      const { slice, next } = pageOf(items, request, Number(request.query.get("maxResults") ?? 250));
      return json(response, 200, {
        kind: "calendar#events",
        summary: calendarId,
        timeZone: "Europe/Prague",
        items: slice.map(publicEvent),
        ...next,
      });
    }
    if (route === "GET calendars/:/events/:") {
      const event = find();
      return event ? json(response, 200, publicEvent(event)) : notFound();
    }
    if (route === "POST calendars/:/events") {
      if (!body.start || !body.end)
        return googleError(response, 400, "INVALID_ARGUMENT", "Missing end time.", "required");
      const event = {
        ...body,
        id: `ev${++sequence}`,
        calendarId: String(calendarId),
      } as FakeEvent;
      fake.events.push(event);
      return json(response, 200, publicEvent(event));
    }
    if (route === "PATCH calendars/:/events/:") {
      const event = find();
      if (!event) return notFound();
      Object.assign(event, body);
      return json(response, 200, publicEvent(event));
    }
    if (route === "POST calendars/:/events/:/move") {
      const event = find();
      const destination = request.query.get("destination");
      if (!event) return notFound();
      if (!fake.calendars.some((item) => item.id === destination)) return notFound();
      event.calendarId = String(destination);
      return json(response, 200, publicEvent(event));
    }
    if (route === "DELETE calendars/:/events/:") {
      const event = find();
      if (!event) return googleError(response, 410, "NOT_FOUND", "Resource has been deleted", "deleted");
      fake.events.splice(fake.events.indexOf(event), 1);
      response.writeHead(204).end();
      return;
    }
    if (route === "POST freeBusy") {
      if (
        ![body.timeMin, body.timeMax].every((value) => typeof value === "string" && WITH_OFFSET.test(value))
      )
        return googleError(response, 400, "INVALID_ARGUMENT", "Bad Request", "badRequest");
      const items = (body.items as { id: string }[] | undefined) ?? [];
      const calendars = Object.fromEntries(
        items.map(({ id }) => [
          id,
          fake.busy[id]
            ? { busy: fake.busy[id] }
            : { errors: [{ domain: "global", reason: "notFound" }], busy: [] },
        ]),
      );
      return json(response, 200, {
        kind: "calendar#freeBusy",
        timeMin: body.timeMin,
        timeMax: body.timeMax,
        calendars,
      });
    }
    return notFound();
  });
  fake = { ...http, calendars: [], events: [], busy: {} };
  return fake;
}
