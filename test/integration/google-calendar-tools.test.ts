// Google Calendar's tool pack through /mcp against a fake Calendar API written from Google's reference:
// every tool's request checked exactly (method, path, query, bearer token, body), recurring events
// expanded, a list followed to its second page, a Google error as a clear message, and a refresh.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { RecordedRequest } from "../fakes/http-fake.ts";
import { startGoogleWorld, textOf } from "./google-world.ts";

const BASE = "/calendar/v3";
const PRIMARY = "petr@acme.test";
const TEAM = "team@group.calendar.google.com";

const w = await startGoogleWorld(["google-calendar"]);
afterAll(() => w.close());
beforeEach(() => {
  w.calendar.requests.length = 0;
  w.calendar.calendars.splice(
    0,
    w.calendar.calendars.length,
    { id: PRIMARY, summary: "Petr", timeZone: "Europe/Prague", primary: true, accessRole: "owner" },
    { id: TEAM, summary: "Team", timeZone: "Europe/Prague", accessRole: "writer" },
    {
      id: "cz.czech#holiday@group.v.calendar.google.com",
      summary: "Holidays",
      timeZone: "Europe/Prague",
      accessRole: "reader",
    },
  );
  w.calendar.events.splice(
    0,
    w.calendar.events.length,
    {
      id: "standup",
      calendarId: PRIMARY,
      summary: "Stand-up",
      start: { dateTime: "2026-03-02T09:00:00Z", timeZone: "Europe/Prague" },
      end: { dateTime: "2026-03-02T09:15:00Z", timeZone: "Europe/Prague" },
      recurrence: ["RRULE:FREQ=DAILY;COUNT=3"],
    },
    {
      id: "review",
      calendarId: PRIMARY,
      summary: "Project review",
      start: { dateTime: "2026-03-02T13:00:00Z" },
      end: { dateTime: "2026-03-02T14:00:00Z" },
      attendees: [{ email: "ana@example.com", responseStatus: "accepted" }],
    },
  );
  w.calendar.busy = {
    [PRIMARY]: [{ start: "2026-03-02T09:00:00Z", end: "2026-03-02T09:15:00Z" }],
    "ana@example.com": [{ start: "2026-03-02T10:00:00Z", end: "2026-03-02T11:00:00Z" }],
  };
});

const only = (): RecordedRequest => {
  expect(w.calendar.requests).toHaveLength(1);
  return w.calendar.requests[0] as RecordedRequest;
};
const line = (request: RecordedRequest) => [request.method, request.path, [...request.query.entries()]];

describe("Google Calendar tools on /mcp", () => {
  it("lists the pack's tools with their annotations", async () => {
    const tools = (await w.client.listTools()).tools.filter((tool) =>
      tool.name.startsWith("google_calendar_"),
    );
    const hints = Object.fromEntries(
      tools.map((tool) => [
        tool.name.replace("google_calendar_", ""),
        [tool.annotations?.readOnlyHint, tool.annotations?.destructiveHint],
      ]),
    );
    expect(hints).toEqual({
      list_calendars: [true, false],
      list_events: [true, false],
      get_event: [true, false],
      create_event: [false, false],
      update_event: [false, false],
      move_event: [false, false],
      delete_event: [false, true],
      find_free_busy: [true, false],
    });
  });

  it("list_calendars, followed to its second page", async () => {
    const first = await w.call("google_calendar_list_calendars", { maxResults: 2 });
    expect(line(only())).toEqual(["GET", `${BASE}/users/me/calendarList`, [["maxResults", "2"]]]);
    expect(only().headers.authorization).toBe(w.bearer());
    const page1 = first.structuredContent as { items: { id: string }[]; nextPageToken: string };
    expect(page1.items.map((item) => item.id)).toEqual([PRIMARY, TEAM]);
    w.calendar.requests.length = 0;
    const second = await w.call("google_calendar_list_calendars", {
      maxResults: 2,
      pageToken: page1.nextPageToken,
    });
    expect(line(only())).toEqual([
      "GET",
      `${BASE}/users/me/calendarList`,
      [
        ["maxResults", "2"],
        ["pageToken", page1.nextPageToken],
      ],
    ]);
    const page2 = second.structuredContent as { items: { id: string }[]; nextPageToken?: string };
    expect(page2.items.map((item) => item.id)).toEqual(["cz.czech#holiday@group.v.calendar.google.com"]);
    expect(page2.nextPageToken).toBeUndefined();
  });

  it("list_events: a range with recurring events expanded, in start order", async () => {
    const result = await w.call("google_calendar_list_events", {
      timeMin: "2026-03-02T00:00:00+01:00",
      timeMax: "2026-03-04T00:00:00+01:00",
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(line(only())).toEqual([
      "GET",
      `${BASE}/calendars/primary/events`,
      [
        ["timeMin", "2026-03-02T00:00:00+01:00"],
        ["timeMax", "2026-03-04T00:00:00+01:00"],
        ["singleEvents", "true"],
        ["orderBy", "startTime"],
      ],
    ]);
    const items = (
      result.structuredContent as { items: { id: string; summary: string; recurringEventId?: string }[] }
    ).items;
    expect(items.map((item) => [item.summary, item.recurringEventId])).toEqual([
      ["Stand-up", "standup"],
      ["Project review", undefined],
      ["Stand-up", "standup"],
    ]);
  });

  it("list_events and find_free_busy refuse a range without offset before sending (Google answers 400)", async () => {
    const listed = await w.call("google_calendar_list_events", {
      timeMin: "2026-03-02T00:00:00",
      timeMax: "2026-03-04T00:00:00+01:00",
    });
    expect(listed.isError).toBe(true);
    expect(textOf(listed)).toMatch(/timeMin must match pattern/);
    const busy = await w.call("google_calendar_find_free_busy", {
      body: { timeMin: "2026-03-02T08:00:00", timeMax: "2026-03-02T18:00:00", items: [{ id: PRIMARY }] },
    });
    expect(busy.isError).toBe(true);
    expect(w.calendar.requests.filter((request) => request.path.startsWith(BASE))).toHaveLength(0);
  });

  it("get_event", async () => {
    const result = await w.call("google_calendar_get_event", {
      calendarId: "primary",
      eventId: "review",
      timeZone: "Europe/Prague",
    });
    expect(line(only())).toEqual([
      "GET",
      `${BASE}/calendars/primary/events/review`,
      [["timeZone", "Europe/Prague"]],
    ]);
    expect(result.structuredContent).toMatchObject({
      id: "review",
      summary: "Project review",
      attendees: [{ email: "ana@example.com" }],
    });
  });

  it("create_event sends the event as the body and invitations as asked", async () => {
    const event = {
      summary: "Offer call",
      start: { dateTime: "2026-03-03T10:00:00+01:00", timeZone: "Europe/Prague" },
      end: { dateTime: "2026-03-03T10:30:00+01:00", timeZone: "Europe/Prague" },
      attendees: [{ email: "ana@example.com" }],
      reminders: { useDefault: false, overrides: [{ method: "popup", minutes: 10 }] },
    };
    const result = await w.call("google_calendar_create_event", {
      calendarId: "primary",
      sendUpdates: "all",
      body: event,
    });
    const request = only();
    expect(line(request)).toEqual(["POST", `${BASE}/calendars/primary/events`, [["sendUpdates", "all"]]]);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request.body)).toEqual(event);
    expect(result.structuredContent).toMatchObject({
      id: "ev1",
      summary: "Offer call",
      htmlLink: expect.any(String),
    });
  });

  it("update_event patches only the given fields; move_event changes the calendar", async () => {
    const moved = { start: { dateTime: "2026-03-02T15:00:00Z" }, end: { dateTime: "2026-03-02T16:00:00Z" } };
    const updated = await w.call("google_calendar_update_event", {
      calendarId: "primary",
      eventId: "review",
      sendUpdates: "none",
      body: moved,
    });
    const patch = only();
    expect(line(patch)).toEqual([
      "PATCH",
      `${BASE}/calendars/primary/events/review`,
      [["sendUpdates", "none"]],
    ]);
    expect(JSON.parse(patch.body)).toEqual(moved);
    expect(updated.structuredContent).toMatchObject({ summary: "Project review", ...moved });

    w.calendar.requests.length = 0;
    const result = await w.call("google_calendar_move_event", {
      calendarId: "primary",
      eventId: "review",
      destination: TEAM,
    });
    expect(line(only())).toEqual([
      "POST",
      `${BASE}/calendars/primary/events/review/move`,
      [["destination", TEAM]],
    ]);
    expect(only().body).toBe("");
    expect(result.isError).toBeFalsy();
    expect(w.calendar.events.find((event) => event.id === "review")?.calendarId).toBe(TEAM);
  });

  it("delete_event, and deleting it again is Google's error as one sentence", async () => {
    const result = await w.call("google_calendar_delete_event", {
      calendarId: "primary",
      eventId: "review",
      sendUpdates: "all",
    });
    expect(line(only())).toEqual([
      "DELETE",
      `${BASE}/calendars/primary/events/review`,
      [["sendUpdates", "all"]],
    ]);
    expect(result.isError).toBeFalsy();
    const again = await w.call("google_calendar_delete_event", { calendarId: "primary", eventId: "review" });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toBe("Google answered HTTP 410: Resource has been deleted");
  });

  it("find_free_busy across attendees", async () => {
    const body = {
      timeMin: "2026-03-02T08:00:00+01:00",
      timeMax: "2026-03-02T18:00:00+01:00",
      timeZone: "Europe/Prague",
      items: [{ id: PRIMARY }, { id: "ana@example.com" }, { id: "stranger@example.com" }],
    };
    const result = await w.call("google_calendar_find_free_busy", { body });
    const request = only();
    expect(line(request)).toEqual(["POST", `${BASE}/freeBusy`, []]);
    expect(JSON.parse(request.body)).toEqual(body);
    expect(result.structuredContent).toMatchObject({
      calendars: {
        [PRIMARY]: { busy: [{ start: "2026-03-02T09:00:00Z", end: "2026-03-02T09:15:00Z" }] },
        "ana@example.com": { busy: [{ start: "2026-03-02T10:00:00Z", end: "2026-03-02T11:00:00Z" }] },
        "stranger@example.com": { errors: [{ domain: "global", reason: "notFound" }] },
      },
    });
  });

  it("refreshes an expired token before calling", async () => {
    const before = w.oauth.refreshRequests.length;
    await w.expireStoredToken();
    const result = await w.call("google_calendar_list_calendars", {});
    expect(result.isError).toBeFalsy();
    expect(w.oauth.refreshRequests.length - before).toBe(1);
    expect(only().headers.authorization).toBe(w.bearer());
  });
});
