// Outlook Calendar's tool pack through /mcp against a fake Microsoft Graph written from Microsoft's
// reference: every tool's request checked exactly (method, path, query, bearer token, Prefer header,
// body), the calendar view followed to its second page by @odata.nextLink, a Graph error as one clear
// sentence, and the token refreshed on expiry.
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { integrationConnection } from "~/server/db/schema/index.ts";
import { queryOf, reseed } from "../fakes/http-fake.ts";
import { textOf } from "./google-world.ts";
import { startMicrosoftWorld } from "./microsoft-world.ts";
import { expectToolsDescribed, packTools } from "./tool-pack.ts";

const T = "outlook_calendar_";
const PRAGUE = 'outlook.timezone="Europe/Prague"';
const EVENT_FIELDS =
  "id,subject,start,end,isAllDay,location,organizer,attendees,bodyPreview,showAs,isCancelled,isOnlineMeeting,onlineMeeting,webLink,seriesMasterId,type";

const w = await startMicrosoftWorld(["outlook-calendar"]);
afterAll(() => w.close());
beforeEach(() => {
  w.graph.requests.length = 0;
  reseed(
    w.graph.calendars,
    { id: "AQMkCalendar", name: "Calendar", isDefaultCalendar: true },
    { id: "AQMkTeam", name: "Team", isDefaultCalendar: false },
  );
  reseed(
    w.graph.events,
    ...[1, 2, 3].map((day) => ({
      id: `AAMkEv${day}`,
      calendarId: "AQMkCalendar",
      subject: `Standup ${day}`,
      start: `2026-03-0${day + 1}T08:00:00`,
      end: `2026-03-0${day + 1}T08:15:00`,
      attendees: ["ana@example.com"],
      location: "Room 4.12",
    })),
    {
      id: "AAMkTeamEv",
      calendarId: "AQMkTeam",
      subject: "Team lunch",
      start: "2026-03-03T11:00:00",
      end: "2026-03-03T12:00:00",
      attendees: [],
    },
  );
});

const only = w.onlyRequest;

describe("Outlook Calendar tools on /mcp", () => {
  it("lists the pack's tools with their annotations and described parameters", async () => {
    const { tools, byName } = await packTools(w.client, T);
    expect([...byName.keys()].sort()).toEqual([
      "create_event",
      "delete_event",
      "find_events",
      "find_meeting_times",
      "get_event",
      "get_schedule",
      "list_calendars",
      "list_events",
      "update_event",
    ]);
    for (const name of [
      "list_calendars",
      "list_events",
      "find_events",
      "get_event",
      "find_meeting_times",
      "get_schedule",
    ])
      expect(byName.get(name)?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    for (const name of ["create_event", "update_event"])
      expect(byName.get(name)?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(byName.get("delete_event")?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
    });
    expectToolsDescribed(tools);
  });

  it("list_calendars", async () => {
    const result = await w.call(`${T}list_calendars`, {});
    const request = only();
    expect([request.method, request.path, queryOf(request)]).toEqual([
      "GET",
      "/v1.0/me/calendars",
      [["$select", "id,name,color,isDefaultCalendar,canEdit,owner"]],
    ]);
    expect(request.headers.authorization).toBe(w.bearer());
    expect(result.structuredContent).toMatchObject({
      value: [
        { id: "AQMkCalendar", isDefaultCalendar: true },
        { id: "AQMkTeam", name: "Team" },
      ],
    });
  });

  it("list_events: calendarView of a range in a time zone, followed to its second page", async () => {
    const first = await w.call(`${T}list_events`, {
      start: "2026-03-01T00:00:00+01:00",
      end: "2026-03-08T00:00:00+01:00",
      timeZone: "Europe/Prague",
      top: 2,
    });
    const request = only();
    expect([request.method, request.path]).toEqual(["GET", "/v1.0/me/calendarView"]);
    expect(queryOf(request)).toEqual([
      ["startDateTime", "2026-03-01T00:00:00+01:00"],
      ["endDateTime", "2026-03-08T00:00:00+01:00"],
      ["$top", "2"],
      ["$select", EVENT_FIELDS],
      ["$orderby", "start/dateTime"],
    ]);
    expect(request.headers.prefer).toBe(PRAGUE);
    expect(request.headers.authorization).toBe(w.bearer());
    const page1 = first.structuredContent as {
      value: { id: string; start: { timeZone: string } }[];
      nextLink: string;
    };
    expect(page1.value.map((event) => event.id)).toEqual(["AAMkEv1", "AAMkEv2"]);
    expect(page1.value[0]?.start.timeZone).toBe("Europe/Prague");
    expect(page1.nextLink).toMatch(new RegExp(`^${w.graph.base}/me/calendarView\\?`));

    w.graph.requests.length = 0;
    const second = await w.call(`${T}list_events`, {
      timeZone: "Europe/Prague",
      nextLink: page1.nextLink,
    });
    const next = only();
    expect(`${w.graph.url}${next.path}?${next.query.toString()}`).toBe(page1.nextLink);
    expect(next.headers.prefer).toBe(PRAGUE);
    expect(second.structuredContent).toMatchObject({ value: [{ id: "AAMkEv3" }] });
    expect((second.structuredContent as { nextLink?: string }).nextLink).toBeUndefined();
  });

  it("find_events: /me/events filtered by subject and start, newest first, to the second page", async () => {
    const first = await w.call(`${T}find_events`, {
      subjectContains: "Stand'up".replace("'", ""),
      startsFrom: "2026-03-03T00:00:00",
      order: "desc",
      top: 1,
      timeZone: "Europe/Prague",
    });
    const request = only();
    expect([request.method, request.path]).toEqual(["GET", "/v1.0/me/events"]);
    expect(queryOf(request)).toEqual([
      ["$filter", "contains(subject,'Standup') and start/dateTime ge '2026-03-03T00:00:00'"],
      ["$orderby", "start/dateTime desc"],
      ["$top", "1"],
      ["$select", EVENT_FIELDS],
    ]);
    expect(request.headers.prefer).toBe(PRAGUE);
    expect(request.headers.authorization).toBe(w.bearer());
    const page1 = first.structuredContent as { value: { id: string }[]; nextLink: string };
    expect(page1.value.map((event) => event.id)).toEqual(["AAMkEv3"]);
    expect(page1.nextLink).toMatch(new RegExp(`^${w.graph.base}/me/events\\?`));
    w.graph.requests.length = 0;
    const second = await w.call(`${T}find_events`, { timeZone: "Europe/Prague", nextLink: page1.nextLink });
    expect(second.structuredContent).toMatchObject({ value: [{ id: "AAMkEv2" }] });
    expect((second.structuredContent as { nextLink?: string }).nextLink).toBeUndefined();

    w.graph.requests.length = 0;
    await w.call(`${T}find_events`, { subjectContains: "Ana's 1:1" });
    expect(only().query.get("$filter")).toBe("contains(subject,'Ana''s 1:1')");
  });

  it("list_events: another calendar, times in UTC without a time zone", async () => {
    const result = await w.call(`${T}list_events`, {
      calendarId: "AQMkTeam",
      start: "2026-03-03T00:00:00Z",
      end: "2026-03-04T00:00:00Z",
    });
    const request = only();
    expect(request.path).toBe("/v1.0/me/calendars/AQMkTeam/calendarView");
    expect(request.headers.prefer).toBeUndefined();
    expect(result.structuredContent).toMatchObject({
      value: [{ id: "AAMkTeamEv", start: { timeZone: "UTC" } }],
    });
  });

  it("get_event", async () => {
    const result = await w.call(`${T}get_event`, { id: "AAMkEv2", timeZone: "Europe/Prague" });
    const request = only();
    expect([request.method, request.path, queryOf(request), request.headers.prefer]).toEqual([
      "GET",
      "/v1.0/me/events/AAMkEv2",
      [],
      PRAGUE,
    ]);
    expect(result.structuredContent).toMatchObject({
      id: "AAMkEv2",
      subject: "Standup 2",
      location: { displayName: "Room 4.12" },
    });
    expect(result.structuredContent).not.toHaveProperty("@odata.etag");
  });

  it("create_event: Graph's event from plain fields, invitations as attendees", async () => {
    const result = await w.call(`${T}create_event`, {
      subject: "Planning",
      start: "2026-03-05T10:00:00",
      end: "2026-03-05T10:30:00",
      timeZone: "Europe/Prague",
      attendees: ["Ana Novak <ana@example.com>"],
      optionalAttendees: ["bob@example.com"],
      location: "Room 4.12",
      text: "Agenda: Q2.",
      isOnlineMeeting: true,
    });
    const request = only();
    expect([request.method, request.path]).toEqual(["POST", "/v1.0/me/events"]);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers.prefer).toBe(PRAGUE);
    expect(JSON.parse(request.body)).toEqual({
      subject: "Planning",
      start: { dateTime: "2026-03-05T10:00:00", timeZone: "Europe/Prague" },
      end: { dateTime: "2026-03-05T10:30:00", timeZone: "Europe/Prague" },
      body: { contentType: "Text", content: "Agenda: Q2." },
      location: { displayName: "Room 4.12" },
      attendees: [
        { emailAddress: { name: "Ana Novak", address: "ana@example.com" }, type: "required" },
        { emailAddress: { address: "bob@example.com" }, type: "optional" },
      ],
      isOnlineMeeting: true,
    });
    const created = result.structuredContent as { id: string; subject: string; webLink: string };
    expect(created.subject).toBe("Planning");
    expect(w.graph.events.find((event) => event.id === created.id)).toMatchObject({
      start: "2026-03-05T09:00:00",
    });
  });

  it("create_event: in another calendar", async () => {
    await w.call(`${T}create_event`, {
      subject: "Retro",
      start: "2026-03-06T15:00:00",
      end: "2026-03-06T16:00:00",
      timeZone: "UTC",
      calendarId: "AQMkTeam",
    });
    const request = only();
    expect(request.path).toBe("/v1.0/me/calendars/AQMkTeam/events");
    expect(JSON.parse(request.body)).toEqual({
      subject: "Retro",
      start: { dateTime: "2026-03-06T15:00:00", timeZone: "UTC" },
      end: { dateTime: "2026-03-06T16:00:00", timeZone: "UTC" },
    });
  });

  it("update_event: only the fields given, with PATCH", async () => {
    const result = await w.call(`${T}update_event`, {
      id: "AAMkEv1",
      start: "2026-03-02T14:00:00",
      end: "2026-03-02T14:15:00",
      timeZone: "Europe/Prague",
      location: "Room 2.01",
    });
    const request = only();
    expect([request.method, request.path, request.headers.prefer]).toEqual([
      "PATCH",
      "/v1.0/me/events/AAMkEv1",
      PRAGUE,
    ]);
    expect(JSON.parse(request.body)).toEqual({
      start: { dateTime: "2026-03-02T14:00:00", timeZone: "Europe/Prague" },
      end: { dateTime: "2026-03-02T14:15:00", timeZone: "Europe/Prague" },
      location: { displayName: "Room 2.01" },
    });
    expect(result.structuredContent).toMatchObject({ id: "AAMkEv1", updated: ["start", "end", "location"] });
    expect(w.graph.events[0]).toMatchObject({ start: "2026-03-02T13:00:00", location: "Room 2.01" });
  });

  it("update_event: a time without its zone is refused before calling Graph", async () => {
    const result = await w.call(`${T}update_event`, { id: "AAMkEv1", start: "2026-03-02T14:00:00" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe("Give timeZone with start or end.");
    expect(w.graph.requests).toHaveLength(0);
  });

  it("delete_event", async () => {
    const result = await w.call(`${T}delete_event`, { id: "AAMkEv3" });
    const request = only();
    expect([request.method, request.path, request.body]).toEqual(["DELETE", "/v1.0/me/events/AAMkEv3", ""]);
    expect(request.headers.authorization).toBe(w.bearer());
    expect(result.structuredContent).toEqual({ deleted: "AAMkEv3" });
    expect(w.graph.events.some((event) => event.id === "AAMkEv3")).toBe(false);
  });

  it("find_meeting_times: attendees, a window and an ISO 8601 duration", async () => {
    const result = await w.call(`${T}find_meeting_times`, {
      attendees: ["ana@example.com"],
      rooms: ["Room 4.12 <room412@example.com>"],
      start: "2026-03-02T09:00:00",
      end: "2026-03-04T17:00:00",
      timeZone: "Europe/Prague",
      durationMinutes: 90,
      maxCandidates: 5,
    });
    const request = only();
    expect([request.method, request.path, request.headers.prefer]).toEqual([
      "POST",
      "/v1.0/me/findMeetingTimes",
      PRAGUE,
    ]);
    expect(JSON.parse(request.body)).toEqual({
      attendees: [
        { emailAddress: { address: "ana@example.com" }, type: "required" },
        { emailAddress: { name: "Room 4.12", address: "room412@example.com" }, type: "resource" },
      ],
      timeConstraint: {
        activityDomain: "work",
        timeSlots: [
          {
            start: { dateTime: "2026-03-02T09:00:00", timeZone: "Europe/Prague" },
            end: { dateTime: "2026-03-04T17:00:00", timeZone: "Europe/Prague" },
          },
        ],
      },
      meetingDuration: "PT1H30M",
      maxCandidates: 5,
      returnSuggestionReasons: true,
    });
    expect(result.structuredContent).toMatchObject({
      emptySuggestionsReason: "",
      meetingTimeSuggestions: [
        {
          meetingTimeSlot: {
            start: { dateTime: "2026-03-02T09:00:00.0000000", timeZone: "Europe/Prague" },
            end: { dateTime: "2026-03-02T10:30:00.0000000" },
          },
        },
      ],
    });
  });

  it("get_schedule: free/busy of people (generated from the document)", async () => {
    const body = {
      schedules: ["ana@example.com"],
      startTime: { dateTime: "2026-03-02T08:00:00", timeZone: "Europe/Prague" },
      endTime: { dateTime: "2026-03-02T18:00:00", timeZone: "Europe/Prague" },
      availabilityViewInterval: 60,
    };
    const result = await w.call(`${T}get_schedule`, { body });
    const request = only();
    expect([request.method, request.path, JSON.parse(request.body)]).toEqual([
      "POST",
      "/v1.0/me/calendar/getSchedule",
      body,
    ]);
    expect(request.headers.authorization).toBe(w.bearer());
    expect(result.structuredContent).toMatchObject({
      value: [{ scheduleId: "ana@example.com", availabilityView: "0220" }],
    });
  });

  it("a Graph error is one clear sentence", async () => {
    const result = await w.call(`${T}delete_event`, { id: "gone" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      "Microsoft answered HTTP 404: The specified object was not found in the store. (ErrorItemNotFound)",
    );
  });

  it("refreshes an expired token before calling", async () => {
    const before = w.oauth.refreshRequests.length;
    await w.expireStoredToken();
    const result = await w.call(`${T}list_calendars`, {});
    expect(result.isError).toBeFalsy();
    expect(w.oauth.refreshRequests.length - before).toBe(1);
    expect(only().headers.authorization).toBe(w.bearer());
  });

  // Last: it ends the connection. Microsoft has no revocation endpoint for delegated grants.
  it("disconnecting forgets the tokens without a revocation request, and says so", async () => {
    const requestsBefore = w.oauth.requests.length;
    expect(await w.disconnect()).toEqual({ revoked: false });
    expect(w.oauth.requests.length).toBe(requestsBefore);
    const [row] = await w.app.db
      .select()
      .from(integrationConnection)
      .where(eq(integrationConnection.provider, "microsoft"));
    expect(row).toMatchObject({
      status: "inactive",
      tokens: null,
      statusReason:
        "Disconnected. Portico cannot revoke access at Microsoft: remove it in your Microsoft account settings.",
    });
    expect(w.apiRequests()).toHaveLength(0);
  });
});
