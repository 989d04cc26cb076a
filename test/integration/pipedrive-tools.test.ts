// Pipedrive's tool pack through /mcp against a fake Pipedrive API written from Pipedrive's reference:
// every call on the company's api_domain from the token answer (never the configured generic host), v2
// for deals, persons, organizations, activities and item search, v1 for notes; every request checked
// exactly, a list followed to its second page, Pipedrive's error as one sentence, and a refresh.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { RecordedRequest } from "../fakes/http-fake.ts";
import { startFakePipedrive } from "../fakes/pipedrive.ts";
import { startCrmWorld, textOf } from "./crm-world.ts";

const w = await startCrmWorld({
  provider: "pipedrive",
  integrationId: "pipedrive",
  startApi: startFakePipedrive,
  // Nothing listens on the configured host: every call must go to the api_domain.
  endpoints: () => ({ apiBaseUrl: "http://127.0.0.1:9" }),
  tokenFields: (api) => ({ api_domain: api.url, scope: "deals:full,contacts:full" }),
  env: { ALLOW_PRIVATE_URLS: "true" },
});
afterAll(() => w.close());
beforeEach(() => {
  w.api.requests.length = 0;
  const { items } = w.api;
  items.deals.splice(
    0,
    items.deals.length,
    { id: 1, title: "Acme renewal", value: 5000, currency: "EUR", stage_id: 1, status: "open", org_id: 12 },
    { id: 2, title: "Beta pilot", value: 1200, currency: "EUR", stage_id: 1, status: "open", org_id: 13 },
    { id: 3, title: "Gamma upsell", value: 800, currency: "EUR", stage_id: 2, status: "open", org_id: 12 },
  );
  items.persons.splice(0, items.persons.length, {
    id: 7,
    name: "Ana Novak",
    org_id: 12,
    emails: [{ value: "ana@example.com", primary: true, label: "work" }],
  });
  items.organizations.splice(
    0,
    items.organizations.length,
    { id: 12, name: "Acme s.r.o." },
    { id: 13, name: "Beta a.s." },
  );
  items.activities.splice(0, items.activities.length, {
    id: 301,
    subject: "Call Ana",
    type: "call",
    deal_id: 1,
    done: false,
  });
  items.notes.splice(0, items.notes.length);
});

const only = (): RecordedRequest => {
  expect(w.api.requests).toHaveLength(1);
  return w.api.requests[0] as RecordedRequest;
};
const line = (request: RecordedRequest) => [request.method, request.path, [...request.query.entries()]];
const bodyOf = (request: RecordedRequest) => JSON.parse(request.body);

describe("Pipedrive tools on /mcp", () => {
  it("lists the pack's tools with their annotations", async () => {
    const tools = (await w.client.listTools()).tools.filter((tool) => tool.name.startsWith("pipedrive_"));
    const hints = Object.fromEntries(
      tools.map((tool) => [
        tool.name.replace("pipedrive_", ""),
        [tool.annotations?.readOnlyHint, tool.annotations?.destructiveHint],
      ]),
    );
    const read = [true, false];
    const add = [false, false];
    const change = [false, true];
    const expected: Record<string, boolean[]> = {
      list_pipelines: read,
      list_stages: read,
      list_notes: read,
      create_note: add,
      search_items: read,
      search_persons: read,
    };
    for (const [plural, singular] of [
      ["deals", "deal"],
      ["persons", "person"],
      ["organizations", "organization"],
      ["activities", "activity"],
    ]) {
      Object.assign(expected, {
        [`list_${plural}`]: read,
        [`get_${singular}`]: read,
        [`create_${singular}`]: add,
        [`update_${singular}`]: change,
      });
    }
    expect(hints).toEqual(expected);
    for (const tool of tools) expect(tool.description).toMatch(/Example: \{/);
  });

  it("list_deals on the api_domain with filters, followed to its second page", async () => {
    const first = await w.call("pipedrive_list_deals", { stage_id: 1, status: "open", limit: 1 });
    const request = only();
    expect(line(request)).toEqual([
      "GET",
      "/api/v2/deals",
      [
        ["stage_id", "1"],
        ["status", "open"],
        ["limit", "1"],
      ],
    ]);
    expect(request.headers.authorization).toBe(w.bearer());
    const page1 = first.structuredContent as { data: { id: number }[]; next_cursor: string };
    expect(page1.data.map((deal) => deal.id)).toEqual([1]);
    expect(page1.next_cursor).toEqual(expect.any(String));
    w.api.requests.length = 0;
    const second = await w.call("pipedrive_list_deals", {
      stage_id: 1,
      status: "open",
      limit: 1,
      cursor: page1.next_cursor,
    });
    expect(only().query.get("cursor")).toBe(page1.next_cursor);
    expect(second.structuredContent).toEqual({ data: [expect.objectContaining({ id: 2 })] });
  });

  it("get_deal, and an unknown deal is Pipedrive's error as one sentence", async () => {
    const deal = await w.call("pipedrive_get_deal", { id: 3 });
    expect(line(only())).toEqual(["GET", "/api/v2/deals/3", []]);
    expect(deal.structuredContent).toMatchObject({ data: { id: 3, title: "Gamma upsell" } });
    const missing = await w.call("pipedrive_get_deal", { id: 404 });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toBe("Pipedrive answered HTTP 404: Deal not found");
  });

  it("create_deal and update_deal moving it to another stage", async () => {
    const fields = {
      title: "Delta",
      value: 900,
      currency: "EUR",
      org_id: 13,
      stage_id: 1,
      expected_close_date: "2026-04-30",
    };
    const created = await w.call("pipedrive_create_deal", fields);
    expect(line(only())).toEqual(["POST", "/api/v2/deals", []]);
    expect(only().headers["content-type"]).toBe("application/json");
    expect(bodyOf(only())).toEqual(fields);
    const id = (created.structuredContent as { data: { id: number } }).data.id;
    w.api.requests.length = 0;
    const moved = await w.call("pipedrive_update_deal", { id, stage_id: 4 });
    expect(line(only())).toEqual(["PATCH", `/api/v2/deals/${id}`, []]);
    expect(bodyOf(only())).toEqual({ stage_id: 4 });
    expect(moved.structuredContent).toMatchObject({ data: { id, stage_id: 4 } });
    const empty = await w.call("pipedrive_update_deal", { id });
    expect(empty.isError).toBe(true);
    expect(w.api.requests).toHaveLength(1);
  });

  it("persons: list, get, create, update", async () => {
    await w.call("pipedrive_list_persons", { org_id: 12 });
    expect(line(only())).toEqual([
      "GET",
      "/api/v2/persons",
      [
        ["org_id", "12"],
        ["limit", "50"],
      ],
    ]);
    w.api.requests.length = 0;
    await w.call("pipedrive_get_person", { id: 7 });
    expect(line(only())).toEqual(["GET", "/api/v2/persons/7", []]);
    w.api.requests.length = 0;
    const person = {
      name: "Jan Dvorak",
      emails: [{ value: "jan@example.com", primary: true, label: "work" }],
      org_id: 13,
    };
    await w.call("pipedrive_create_person", person);
    expect(line(only())).toEqual(["POST", "/api/v2/persons", []]);
    expect(bodyOf(only())).toEqual(person);
    w.api.requests.length = 0;
    const phones = [{ value: "+420 777 123 456", primary: true }];
    const updated = await w.call("pipedrive_update_person", { id: 7, phones });
    expect(line(only())).toEqual(["PATCH", "/api/v2/persons/7", []]);
    expect(bodyOf(only())).toEqual({ phones });
    expect(updated.structuredContent).toMatchObject({ data: { id: 7, phones } });
  });

  it("organizations: list, get, create, update", async () => {
    const listed = await w.call("pipedrive_list_organizations", {
      sort_by: "update_time",
      sort_direction: "desc",
    });
    expect(line(only())).toEqual([
      "GET",
      "/api/v2/organizations",
      [
        ["sort_by", "update_time"],
        ["sort_direction", "desc"],
        ["limit", "50"],
      ],
    ]);
    expect((listed.structuredContent as { data: unknown[] }).data).toHaveLength(2);
    w.api.requests.length = 0;
    await w.call("pipedrive_get_organization", { id: 12 });
    expect(line(only())).toEqual(["GET", "/api/v2/organizations/12", []]);
    w.api.requests.length = 0;
    const org = { name: "Gamma GmbH", address: { value: "Hauptstraße 1, Wien" } };
    await w.call("pipedrive_create_organization", org);
    expect(bodyOf(only())).toEqual(org);
    w.api.requests.length = 0;
    await w.call("pipedrive_update_organization", { id: 12, name: "Acme a.s." });
    expect(line(only())).toEqual(["PATCH", "/api/v2/organizations/12", []]);
    expect(bodyOf(only())).toEqual({ name: "Acme a.s." });
  });

  it("activities: list, get, create, update", async () => {
    const listed = await w.call("pipedrive_list_activities", { deal_id: 1, done: false });
    expect(line(only())).toEqual([
      "GET",
      "/api/v2/activities",
      [
        ["deal_id", "1"],
        ["done", "false"],
        ["limit", "50"],
      ],
    ]);
    expect(listed.structuredContent).toMatchObject({ data: [{ id: 301 }] });
    w.api.requests.length = 0;
    await w.call("pipedrive_get_activity", { id: 301 });
    expect(line(only())).toEqual(["GET", "/api/v2/activities/301", []]);
    w.api.requests.length = 0;
    const activity = {
      subject: "Demo",
      type: "meeting",
      due_date: "2026-03-05",
      due_time: "09:30",
      duration: "01:00",
      deal_id: 1,
      participants: [{ person_id: 7, primary: true }],
    };
    await w.call("pipedrive_create_activity", activity);
    expect(line(only())).toEqual(["POST", "/api/v2/activities", []]);
    expect(bodyOf(only())).toEqual(activity);
    w.api.requests.length = 0;
    await w.call("pipedrive_update_activity", { id: 301, done: true });
    expect(bodyOf(only())).toEqual({ done: true });
    const badTime = await w.call("pipedrive_create_activity", { subject: "x", due_time: "9am" });
    expect(badTime.isError).toBe(true);
    expect(w.api.requests).toHaveLength(1);
  });

  it("create_note (v1) on a deal, then list_notes (v1) with start paging", async () => {
    const created = await w.call("pipedrive_create_note", { deal_id: 1, content: "Ana wants a quote." });
    expect(line(only())).toEqual(["POST", "/api/v1/notes", []]);
    expect(bodyOf(only())).toEqual({ deal_id: 1, content: "Ana wants a quote." });
    expect(created.structuredContent).toMatchObject({ data: { deal_id: 1, content: "Ana wants a quote." } });
    await w.call("pipedrive_create_note", { deal_id: 1, content: "Quote sent." });
    w.api.requests.length = 0;
    const first = await w.call("pipedrive_list_notes", { deal_id: 1, limit: 1 });
    expect(line(only())).toEqual([
      "GET",
      "/api/v1/notes",
      [
        ["deal_id", "1"],
        ["limit", "1"],
        ["sort", "add_time DESC"],
      ],
    ]);
    expect(first.structuredContent).toMatchObject({
      data: [{ content: "Ana wants a quote." }],
      next_start: 1,
    });
    const nowhere = await w.call("pipedrive_create_note", { content: "orphan" });
    expect(nowhere.isError).toBe(true);
    expect(textOf(nowhere)).toMatch(/deal_id, person_id or org_id/);
  });

  it("list_pipelines and list_stages (v2) to find the stage to move a deal to", async () => {
    const pipelines = await w.call("pipedrive_list_pipelines", {});
    expect(line(only())).toEqual(["GET", "/api/v2/pipelines", []]);
    expect(only().headers.authorization).toBe(w.bearer());
    expect(pipelines.structuredContent).toMatchObject({ data: [{ id: 1, name: "Sales" }] });
    w.api.requests.length = 0;
    const stages = await w.call("pipedrive_list_stages", { pipeline_id: 1, limit: 1 });
    expect(line(only())).toEqual([
      "GET",
      "/api/v2/stages",
      [
        ["pipeline_id", "1"],
        ["limit", "1"],
      ],
    ]);
    const page1 = stages.structuredContent as {
      data: { id: number }[];
      additional_data: { next_cursor: string };
    };
    expect(page1.data.map((stage) => stage.id)).toEqual([1]);
    w.api.requests.length = 0;
    const next = await w.call("pipedrive_list_stages", {
      pipeline_id: 1,
      limit: 1,
      cursor: page1.additional_data.next_cursor,
    });
    expect(only().query.get("cursor")).toBe(page1.additional_data.next_cursor);
    expect(next.structuredContent).toMatchObject({
      data: [{ id: 4, name: "Negotiation" }],
      additional_data: { next_cursor: null },
    });
  });

  it("search_items (v2) across types", async () => {
    const result = await w.call("pipedrive_search_items", {
      term: "acme",
      item_types: ["deal", "organization"],
      fields: ["title", "name"],
    });
    expect(line(only())).toEqual([
      "GET",
      "/api/v2/itemSearch",
      [
        ["term", "acme"],
        ["item_types", "deal,organization"],
        ["fields", "title,name"],
        ["limit", "50"],
      ],
    ]);
    expect(result.structuredContent).toEqual({
      data: {
        items: [
          { result_score: 1, item: { id: 1, type: "deal", title: "Acme renewal" } },
          { result_score: 1, item: { id: 12, type: "organization", name: "Acme s.r.o." } },
        ],
      },
    });
  });

  it("search_persons (v2) by name and email in one organization, to the second page", async () => {
    w.api.items.persons.push(
      { id: 8, name: "Petr Novak", org_id: 12, emails: [{ value: "petr@acme.test", primary: true }] },
      { id: 9, name: "Eva Novak", org_id: 13, emails: [] },
    );
    const first = await w.call("pipedrive_search_persons", {
      term: "novak",
      fields: ["name", "email"],
      organization_id: 12,
      limit: 1,
    });
    const request = only();
    expect(line(request)).toEqual([
      "GET",
      "/api/v2/persons/search",
      [
        ["term", "novak"],
        ["fields", "name,email"],
        ["organization_id", "12"],
        ["limit", "1"],
      ],
    ]);
    expect(request.headers.authorization).toBe(w.bearer());
    expect(request.body).toBe("");
    const page1 = first.structuredContent as {
      data: { items: { item: { id: number } }[] };
      next_cursor: string;
    };
    expect(page1.data.items.map((found) => found.item.id)).toEqual([7]);
    expect(page1.next_cursor).toEqual(expect.any(String));
    w.api.requests.length = 0;
    const second = await w.call("pipedrive_search_persons", {
      term: "novak",
      fields: ["name", "email"],
      organization_id: 12,
      limit: 1,
      cursor: page1.next_cursor,
    });
    expect(only().query.get("cursor")).toBe(page1.next_cursor);
    expect(second.structuredContent).toEqual({
      data: {
        items: [
          {
            result_score: 1,
            item: {
              id: 8,
              type: "person",
              name: "Petr Novak",
              emails: ["petr@acme.test"],
              organization: { id: 12 },
            },
          },
        ],
      },
    });
    const refused = await w.call("pipedrive_search_persons", { term: "n" });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain("Pipedrive answered HTTP 400: Validation failed: term");
  });

  it("refreshes an expired token before calling, and once after a 401", async () => {
    const before = w.oauth.refreshRequests.length;
    await w.expireStoredToken();
    const result = await w.call("pipedrive_get_person", { id: 7 });
    expect(result.isError).toBeFalsy();
    expect(w.oauth.refreshRequests.length - before).toBe(1);
    expect(only().headers.authorization).toBe(w.bearer());
    w.refuseCurrentToken();
    w.api.requests.length = 0;
    const retried = await w.call("pipedrive_get_person", { id: 7 });
    expect(retried.isError).toBeFalsy();
    expect(w.oauth.refreshRequests.length - before).toBe(2);
    expect(w.api.requests.at(-1)?.headers.authorization).toBe(w.bearer());
  });
});
