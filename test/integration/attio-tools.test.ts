// Attio's tool pack through /mcp against a fake Attio workspace written from Attio's reference: v2
// objects, records (values under data.values), lists and entries, notes; every request checked exactly,
// a query followed to its second page with limit/offset, Attio's error body as one sentence, and a
// refused token (Attio issues no refresh token) reported as a reconnect.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeAttio } from "../fakes/attio.ts";
import type { RecordedRequest } from "../fakes/http-fake.ts";
import { startCrmWorld, textOf } from "./crm-world.ts";

const ACME = "891dcbfc-9141-415d-9b2a-2238a6cc012d";
const BETA = "bf071e1f-6035-429d-b874-d83ea64ea13b";
const GAMMA = "5c1d4ae0-1d0e-4a35-9a3e-1f6f0d7d2b11";
const ANA = "2e6e29ea-c4e0-4f44-842d-78a891f8c156";

const w = await startCrmWorld({
  provider: "attio",
  integrationId: "attio",
  startApi: startFakeAttio,
  endpoints: (api) => ({ apiBaseUrl: `${api.url}/v2` }),
  // Attio's tokens do not expire and come without a refresh token.
  expiresIn: null,
  issueRefreshTokens: false,
});
afterAll(() => w.close());
beforeEach(() => {
  w.api.requests.length = 0;
  w.api.records.splice(
    0,
    w.api.records.length,
    { object: "companies", id: ACME, values: { name: "Acme", domains: ["acme.com"], tier: "gold" } },
    { object: "companies", id: BETA, values: { name: "Beta", domains: ["beta.io"], tier: "gold" } },
    { object: "companies", id: GAMMA, values: { name: "Gamma", domains: ["gamma.de"], tier: "silver" } },
    { object: "people", id: ANA, values: { name: "Ana Acmeova", email_addresses: ["ana@acme.com"] } },
  );
  w.api.entries.splice(0, w.api.entries.length);
  w.api.notes.splice(0, w.api.notes.length);
});

const only = (): RecordedRequest => {
  expect(w.api.requests).toHaveLength(1);
  return w.api.requests[0] as RecordedRequest;
};
const line = (request: RecordedRequest) => [request.method, request.path, [...request.query.entries()]];
const bodyOf = (request: RecordedRequest) => JSON.parse(request.body);
const recordIds = (result: { structuredContent?: unknown }) =>
  (result.structuredContent as { data: { id: { record_id: string } }[] }).data.map(
    (item) => item.id.record_id,
  );

describe("Attio tools on /mcp", () => {
  it("lists the pack's tools with their annotations", async () => {
    const tools = (await w.client.listTools()).tools.filter((tool) => tool.name.startsWith("attio_"));
    const hints = Object.fromEntries(
      tools.map((tool) => [
        tool.name.replace("attio_", ""),
        [tool.annotations?.readOnlyHint, tool.annotations?.destructiveHint],
      ]),
    );
    const read = [true, false];
    const add = [false, false];
    expect(hints).toEqual({
      list_objects: read,
      get_object: read,
      query_records: read,
      search_records: read,
      get_record: read,
      create_record: add,
      update_record: [false, true],
      assert_record: [false, true],
      identify: read,
      list_lists: read,
      query_entries: read,
      add_entry: add,
      list_notes: read,
      create_note: add,
    });
    for (const tool of tools) expect(tool.description).toMatch(/Example: \{/);
  });

  it("list_objects and get_object", async () => {
    const listed = await w.call("attio_list_objects", {});
    expect(line(only())).toEqual(["GET", "/v2/objects", []]);
    expect(only().headers.authorization).toBe(w.bearer());
    expect(
      (listed.structuredContent as { data: { api_slug: string }[] }).data.map((o) => o.api_slug),
    ).toEqual(["people", "companies"]);
    w.api.requests.length = 0;
    const one = await w.call("attio_get_object", { object: "companies" });
    expect(line(only())).toEqual(["GET", "/v2/objects/companies", []]);
    expect(one.structuredContent).toMatchObject({
      data: { api_slug: "companies", singular_noun: "Company" },
    });
  });

  it("query_records with filter and sorts, followed to its second page by offset", async () => {
    const args = {
      object: "companies",
      filter: { tier: "gold" },
      sorts: [{ attribute: "name", direction: "asc" }],
      limit: 1,
    };
    const first = await w.call("attio_query_records", args);
    expect(line(only())).toEqual(["POST", "/v2/objects/companies/records/query", []]);
    expect(only().headers["content-type"]).toBe("application/json");
    expect(bodyOf(only())).toEqual({
      filter: { tier: "gold" },
      sorts: [{ attribute: "name", direction: "asc" }],
      limit: 1,
      offset: 0,
    });
    expect(recordIds(first)).toEqual([ACME]);
    expect(first.structuredContent).toMatchObject({ next_offset: 1 });
    w.api.requests.length = 0;
    const second = await w.call("attio_query_records", { ...args, offset: 1 });
    expect(bodyOf(only())).toMatchObject({ limit: 1, offset: 1 });
    expect(recordIds(second)).toEqual([BETA]);
    w.api.requests.length = 0;
    const third = await w.call("attio_query_records", { ...args, offset: 2 });
    expect(third.structuredContent).toEqual({ data: [] });
  });

  it("search_records as the workspace", async () => {
    const result = await w.call("attio_search_records", { query: "acme", objects: ["companies", "people"] });
    expect(line(only())).toEqual(["POST", "/v2/objects/records/search", []]);
    expect(bodyOf(only())).toEqual({
      query: "acme",
      limit: 10,
      objects: ["companies", "people"],
      request_as: { type: "workspace" },
    });
    expect(recordIds(result)).toEqual([ACME, ANA]);
  });

  it("get_record, create_record and update_record with data.values", async () => {
    const got = await w.call("attio_get_record", { object: "people", record_id: ANA });
    expect(line(only())).toEqual(["GET", `/v2/objects/people/records/${ANA}`, []]);
    expect(got.structuredContent).toMatchObject({
      data: { id: { record_id: ANA }, values: { name: [{ value: "Ana Acmeova" }] } },
    });
    w.api.requests.length = 0;
    const values = { name: "Delta", domains: ["delta.cz"] };
    const created = await w.call("attio_create_record", { object: "companies", values });
    expect(line(only())).toEqual(["POST", "/v2/objects/companies/records", []]);
    expect(bodyOf(only())).toEqual({ data: { values } });
    const id = (created.structuredContent as { data: { id: { record_id: string } } }).data.id.record_id;
    w.api.requests.length = 0;
    const updated = await w.call("attio_update_record", {
      object: "companies",
      record_id: id,
      values: { tier: "bronze" },
    });
    expect(line(only())).toEqual(["PATCH", `/v2/objects/companies/records/${id}`, []]);
    expect(bodyOf(only())).toEqual({ data: { values: { tier: "bronze" } } });
    expect(updated.structuredContent).toMatchObject({ data: { values: { tier: [{ value: "bronze" }] } } });
  });

  it("assert_record: PUT with matching_attribute updates the matching record, else creates one", async () => {
    const updated = await w.call("attio_assert_record", {
      object: "companies",
      matching_attribute: "domains",
      values: { domains: ["acme.com"], name: "Acme Corp" },
    });
    const request = only();
    expect(line(request)).toEqual([
      "PUT",
      "/v2/objects/companies/records",
      [["matching_attribute", "domains"]],
    ]);
    expect(request.headers.authorization).toBe(w.bearer());
    expect(request.headers["content-type"]).toBe("application/json");
    expect(bodyOf(request)).toEqual({ data: { values: { domains: ["acme.com"], name: "Acme Corp" } } });
    expect(updated.structuredContent).toMatchObject({ data: { id: { record_id: ACME } } });
    expect(w.api.records.filter((record) => record.object === "companies")).toHaveLength(3);

    w.api.requests.length = 0;
    const created = await w.call("attio_assert_record", {
      object: "companies",
      matching_attribute: "domains",
      values: { domains: ["delta.cz"], name: "Delta" },
    });
    expect(line(only())).toEqual([
      "PUT",
      "/v2/objects/companies/records",
      [["matching_attribute", "domains"]],
    ]);
    const id = (created.structuredContent as { data: { id: { record_id: string } } }).data.id.record_id;
    expect([ACME, BETA, GAMMA]).not.toContain(id);

    const ambiguous = await w.call("attio_assert_record", {
      object: "companies",
      matching_attribute: "tier",
      values: { tier: "gold" },
    });
    expect(ambiguous.isError).toBe(true);
    expect(textOf(ambiguous)).toBe(
      'Attio answered HTTP 400: Multiple records match "tier": the matching attribute must be unique.',
    );
  });

  it("identify reads /v2/self", async () => {
    const result = await w.call("attio_identify", {});
    const request = only();
    expect(line(request)).toEqual(["GET", "/v2/self", []]);
    expect(request.headers.authorization).toBe(w.bearer());
    expect(result.structuredContent).toMatchObject({
      active: true,
      workspace_id: w.api.workspace.workspace_id,
    });
  });

  it("Attio's errors as one sentence: a uniqueness conflict and an unknown record", async () => {
    const duplicate = await w.call("attio_create_record", {
      object: "companies",
      values: { name: "Acme again", domains: ["acme.com"] },
    });
    expect(duplicate.isError).toBe(true);
    expect(textOf(duplicate)).toBe(
      'Attio answered HTTP 409: Uniqueness constraint violated: The value "acme.com" provided for attribute "domains" already exists.',
    );
    const unknown = await w.call("attio_get_record", {
      object: "companies",
      record_id: "00000000-0000-4000-8000-999999999999",
    });
    expect(textOf(unknown)).toBe(
      'Attio answered HTTP 404: Record with ID "00000000-0000-4000-8000-999999999999" not found.',
    );
    const badId = await w.call("attio_get_record", { object: "companies", record_id: "../lists" });
    expect(badId.isError).toBe(true);
    expect(w.api.requests).toHaveLength(2);
  });

  it("list_lists, add_entry and query_entries", async () => {
    const lists = await w.call("attio_list_lists", {});
    expect(line(only())).toEqual(["GET", "/v2/lists", []]);
    expect(lists.structuredContent).toMatchObject({ data: [{ api_slug: "sales_pipeline" }] });
    w.api.requests.length = 0;
    for (const [record, stage] of [
      [ACME, "Lead"],
      [BETA, "Lead"],
      [GAMMA, "Won"],
    ] as const) {
      await w.call("attio_add_entry", {
        list: "sales_pipeline",
        parent_object: "companies",
        parent_record_id: record,
        entry_values: { stage },
      });
    }
    expect(line(w.api.requests[0] as RecordedRequest)).toEqual([
      "POST",
      "/v2/lists/sales_pipeline/entries",
      [],
    ]);
    expect(bodyOf(w.api.requests[0] as RecordedRequest)).toEqual({
      data: { parent_record_id: ACME, parent_object: "companies", entry_values: { stage: "Lead" } },
    });
    w.api.requests.length = 0;
    const first = await w.call("attio_query_entries", {
      list: "sales_pipeline",
      filter: { stage: "Lead" },
      limit: 1,
    });
    expect(line(only())).toEqual(["POST", "/v2/lists/sales_pipeline/entries/query", []]);
    expect(bodyOf(only())).toEqual({ filter: { stage: "Lead" }, limit: 1, offset: 0 });
    expect(first.structuredContent).toMatchObject({ data: [{ parent_record_id: ACME }], next_offset: 1 });
    const second = await w.call("attio_query_entries", {
      list: "sales_pipeline",
      filter: { stage: "Lead" },
      limit: 1,
      offset: 1,
    });
    expect(second.structuredContent).toMatchObject({ data: [{ parent_record_id: BETA }], next_offset: 2 });
  });

  it("create_note and list_notes for a record", async () => {
    const created = await w.call("attio_create_note", {
      parent_object: "companies",
      parent_record_id: ACME,
      title: "Intro call",
      content: "Wants a quote for **20 seats**.",
      format: "markdown",
    });
    expect(line(only())).toEqual(["POST", "/v2/notes", []]);
    expect(bodyOf(only())).toEqual({
      data: {
        parent_object: "companies",
        parent_record_id: ACME,
        title: "Intro call",
        format: "markdown",
        content: "Wants a quote for **20 seats**.",
      },
    });
    expect(created.structuredContent).toMatchObject({ data: { title: "Intro call" } });
    w.api.requests.length = 0;
    const listed = await w.call("attio_list_notes", { parent_object: "companies", parent_record_id: ACME });
    expect(line(only())).toEqual([
      "GET",
      "/v2/notes",
      [
        ["parent_object", "companies"],
        ["parent_record_id", ACME],
        ["limit", "10"],
        ["offset", "0"],
      ],
    ]);
    expect(listed.structuredContent).toEqual({
      data: [
        expect.objectContaining({
          title: "Intro call",
          content_plaintext: "Wants a quote for **20 seats**.",
        }),
      ],
    });
  });

  it("a refused token cannot be refreshed (Attio issues none): the error says to reconnect", async () => {
    w.refuseCurrentToken();
    const refused = await w.call("attio_list_lists", {});
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe(
      "Attio answered HTTP 401: Invalid access token. The Attio connection's access was refused: reconnect Attio in the organization's integrations.",
    );
    expect(w.oauth.refreshRequests).toHaveLength(0);
  });
});
