// HubSpot's tool pack through /mcp against a fake HubSpot API written from HubSpot's reference: every
// tool's request checked exactly (method, path, query, bearer token, body), a search followed to its
// second page, HubSpot's error body as one sentence, and an expired token refreshed before the call.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { RecordedRequest } from "../fakes/http-fake.ts";
import { startFakeHubSpot } from "../fakes/hubspot.ts";
import { startCrmWorld, textOf } from "./crm-world.ts";

const w = await startCrmWorld({
  provider: "hubspot",
  integrationId: "hubspot",
  startApi: startFakeHubSpot,
  endpoints: (api) => ({ apiBaseUrl: api.url, revokeUrl: `${api.url}/oauth/v1/refresh-tokens` }),
});
afterAll(() => w.close());
beforeEach(() => {
  w.api.requests.length = 0;
  w.api.records.splice(
    0,
    w.api.records.length,
    {
      id: "151",
      type: "contacts",
      properties: { email: "ana@example.com", firstname: "Ana", lastname: "Novak" },
    },
    {
      id: "152",
      type: "contacts",
      properties: { email: "jan@example.com", firstname: "Jan", lastname: "Dvorak" },
    },
    {
      id: "153",
      type: "contacts",
      properties: { email: "eva@example.com", firstname: "Eva", lastname: "Novak" },
    },
    { id: "77", type: "companies", properties: { name: "Acme s.r.o.", domain: "acme.cz" } },
    {
      id: "9001",
      type: "deals",
      properties: {
        dealname: "Acme renewal",
        dealstage: "appointmentscheduled",
        amount: "5000",
        pipeline: "default",
      },
    },
  );
  w.api.associations.splice(0, w.api.associations.length);
  w.api.owners.splice(
    0,
    w.api.owners.length,
    { id: "41", email: "petr@acme.cz", firstName: "Petr", lastName: "Svoboda", userId: 1 },
    { id: "42", email: "lucie@acme.cz", firstName: "Lucie", lastName: "Mala", userId: 2 },
  );
});

const only = (): RecordedRequest => {
  expect(w.api.requests).toHaveLength(1);
  return w.api.requests[0] as RecordedRequest;
};
const line = (request: RecordedRequest) => [request.method, request.path, [...request.query.entries()]];
const bodyOf = (request: RecordedRequest) => JSON.parse(request.body);

describe("HubSpot tools on /mcp", () => {
  it("lists the pack's tools with their annotations", async () => {
    const tools = (await w.client.listTools()).tools.filter((tool) => tool.name.startsWith("hubspot_"));
    const hints = Object.fromEntries(
      tools.map((tool) => [
        tool.name.replace("hubspot_", ""),
        [tool.annotations?.readOnlyHint, tool.annotations?.destructiveHint],
      ]),
    );
    const read = [true, false];
    const add = [false, false];
    const change = [false, true];
    expect(hints).toEqual({
      search_contacts: read,
      get_contact: read,
      create_contact: add,
      update_contact: change,
      search_companies: read,
      get_company: read,
      create_company: add,
      update_company: change,
      search_deals: read,
      get_deal: read,
      create_deal: add,
      update_deal: change,
      list_contacts: read,
      list_companies: read,
      list_deals: read,
      list_associations: read,
      associate_records: add,
      create_note: add,
      list_notes: read,
      list_owners: read,
      list_pipelines: read,
    });
    for (const tool of tools) expect(tool.description).toMatch(/Example: \{/);
  });

  it("search_contacts with a filter group, followed to its second page", async () => {
    const filterGroups = [{ filters: [{ propertyName: "lastname", operator: "EQ", value: "Novak" }] }];
    const first = await w.call("hubspot_search_contacts", { filterGroups, properties: ["email"], limit: 1 });
    const request = only();
    expect(line(request)).toEqual(["POST", "/crm/v3/objects/contacts/search", []]);
    expect(request.headers.authorization).toBe(w.bearer());
    expect(request.headers["content-type"]).toBe("application/json");
    expect(bodyOf(request)).toEqual({ filterGroups, properties: ["email"], limit: 1 });
    expect(first.structuredContent).toEqual({
      total: 2,
      results: [
        {
          id: "151",
          properties: { email: "ana@example.com" },
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          archived: false,
        },
      ],
      after: "1",
    });
    w.api.requests.length = 0;
    const second = await w.call("hubspot_search_contacts", {
      filterGroups,
      properties: ["email"],
      limit: 1,
      after: "1",
    });
    expect(bodyOf(only())).toEqual({ filterGroups, properties: ["email"], limit: 1, after: "1" });
    const page2 = second.structuredContent as { results: { id: string }[]; after?: string };
    expect(page2.results.map((record) => record.id)).toEqual(["153"]);
    expect(page2.after).toBeUndefined();
  });

  it("list_contacts, list_companies and list_deals page with paging.next.after", async () => {
    const first = await w.call("hubspot_list_contacts", { limit: 2, properties: ["email"] });
    expect(line(only())).toEqual([
      "GET",
      "/crm/v3/objects/contacts",
      [
        ["limit", "2"],
        ["properties", "email"],
      ],
    ]);
    const page1 = first.structuredContent as {
      results: { id: string }[];
      paging: { next: { after: string } };
    };
    expect(page1.results.map((record) => record.id)).toEqual(["151", "152"]);
    w.api.requests.length = 0;
    const second = await w.call("hubspot_list_contacts", {
      limit: 2,
      properties: ["email"],
      after: page1.paging.next.after,
    });
    expect(only().query.get("after")).toBe("2");
    expect(second.structuredContent).toMatchObject({ results: [{ id: "153" }] });
    expect((second.structuredContent as { paging?: unknown }).paging).toBeUndefined();
    for (const [tool, path] of [
      ["list_companies", "/crm/v3/objects/companies"],
      ["list_deals", "/crm/v3/objects/deals"],
    ]) {
      w.api.requests.length = 0;
      const result = await w.call(`hubspot_${tool}`, { limit: 5 });
      expect(line(only())).toEqual(["GET", path, [["limit", "5"]]]);
      expect(only().headers.authorization).toBe(w.bearer());
      expect((result.structuredContent as { results: unknown[] }).results).toHaveLength(1);
    }
  });

  it("search_companies by free text with the default properties", async () => {
    const result = await w.call("hubspot_search_companies", { query: "acme" });
    expect(bodyOf(only())).toEqual({
      query: "acme",
      filterGroups: [],
      properties: ["name", "domain", "industry", "city", "country", "phone", "hubspot_owner_id"],
      limit: 20,
    });
    expect((result.structuredContent as { total: number }).total).toBe(1);
  });

  it("search_deals with a sort", async () => {
    const args = {
      filterGroups: [{ filters: [{ propertyName: "amount", operator: "GT", value: "1000" }] }],
      sorts: [{ propertyName: "closedate", direction: "ASCENDING" }],
      properties: ["dealname"],
    };
    const result = await w.call("hubspot_search_deals", args);
    expect(bodyOf(only())).toEqual({ ...args, limit: 20 });
    expect(result.structuredContent).toMatchObject({ total: 1, results: [{ id: "9001" }] });
  });

  it("search with more than 18 filters in all is refused before anything is sent (the search guide's limit)", async () => {
    const group = {
      filters: Array.from({ length: 6 }, (_, n) => ({ propertyName: `p${n}`, operator: "EQ", value: "x" })),
    };
    const result = await w.call("hubspot_search_contacts", { filterGroups: [group, group, group, group] });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/18 filters/);
    expect(w.api.requests).toHaveLength(0);
  });

  it("get_contact by email with associations", async () => {
    w.api.associations.push({
      fromType: "contacts",
      fromId: "151",
      toType: "companies",
      toId: "77",
      typeId: 279,
    });
    const result = await w.call("hubspot_get_contact", {
      id: "ana@example.com",
      idProperty: "email",
      properties: ["firstname", "email"],
      associations: ["companies"],
    });
    expect(line(only())).toEqual([
      "GET",
      "/crm/v3/objects/contacts/ana%40example.com",
      [
        ["properties", "firstname,email"],
        ["associations", "companies"],
        ["idProperty", "email"],
      ],
    ]);
    expect(result.structuredContent).toMatchObject({
      id: "151",
      properties: { firstname: "Ana", email: "ana@example.com" },
      associations: { companies: { results: [{ id: "77", type: "contact_to_company" }] } },
    });
  });

  it("get_company and get_deal ask for their default properties", async () => {
    await w.call("hubspot_get_company", { id: "77" });
    expect(line(only())).toEqual([
      "GET",
      "/crm/v3/objects/companies/77",
      [["properties", "name,domain,industry,city,country,phone,hubspot_owner_id"]],
    ]);
    w.api.requests.length = 0;
    const deal = await w.call("hubspot_get_deal", { id: "9001" });
    expect(line(only())).toEqual([
      "GET",
      "/crm/v3/objects/deals/9001",
      [["properties", "dealname,amount,dealstage,pipeline,closedate,hubspot_owner_id"]],
    ]);
    expect(deal.structuredContent).toMatchObject({ properties: { dealname: "Acme renewal" } });
  });

  it("get_contact of an unknown id is HubSpot's message in one sentence", async () => {
    const result = await w.call("hubspot_get_contact", { id: "404" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe("HubSpot answered HTTP 404: resource not found");
  });

  it("create_contact, and a duplicate email is HubSpot's conflict as one sentence", async () => {
    const properties = { email: "nova@example.com", firstname: "Nova" };
    const created = await w.call("hubspot_create_contact", { properties });
    const request = only();
    expect(line(request)).toEqual(["POST", "/crm/v3/objects/contacts", []]);
    expect(bodyOf(request)).toEqual({ properties });
    expect(created.structuredContent).toMatchObject({ id: expect.any(String), properties });
    const again = await w.call("hubspot_create_contact", { properties: { email: "ana@example.com" } });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toBe("HubSpot answered HTTP 409: Contact already exists. Existing ID: 151");
  });

  it("create_company and create_deal", async () => {
    await w.call("hubspot_create_company", { properties: { name: "Beta a.s.", domain: "beta.cz" } });
    expect(line(only())).toEqual(["POST", "/crm/v3/objects/companies", []]);
    expect(bodyOf(only())).toEqual({ properties: { name: "Beta a.s.", domain: "beta.cz" } });
    w.api.requests.length = 0;
    const deal = await w.call("hubspot_create_deal", {
      properties: {
        dealname: "Beta pilot",
        pipeline: "default",
        dealstage: "appointmentscheduled",
        amount: "1200",
      },
    });
    expect(line(only())).toEqual(["POST", "/crm/v3/objects/deals", []]);
    expect(deal.structuredContent).toMatchObject({ properties: { dealname: "Beta pilot" } });
  });

  it("update_contact, update_company and update_deal (moving its stage) send PATCH with the changed properties", async () => {
    for (const [tool, path, properties] of [
      ["update_contact", "/crm/v3/objects/contacts/151", { phone: "+420 777 123 456" }],
      ["update_company", "/crm/v3/objects/companies/77", { city: "Brno" }],
      ["update_deal", "/crm/v3/objects/deals/9001", { dealstage: "closedwon" }],
    ] as const) {
      w.api.requests.length = 0;
      const id = path.split("/").at(-1);
      const result = await w.call(`hubspot_${tool}`, { id, properties });
      expect(line(only())).toEqual(["PATCH", path, []]);
      expect(bodyOf(only())).toEqual({ properties });
      expect(result.structuredContent).toMatchObject({ properties });
    }
    expect(w.api.records.find((record) => record.id === "9001")?.properties.dealstage).toBe("closedwon");
  });

  it("associate_records creates the default association, list_associations reads it", async () => {
    const created = await w.call("hubspot_associate_records", {
      fromObjectType: "deals",
      fromObjectId: "9001",
      toObjectType: "contacts",
      toObjectId: "151",
    });
    expect(line(only())).toEqual(["PUT", "/crm/v4/objects/deals/9001/associations/default/contacts/151", []]);
    expect(only().body).toBe("");
    expect(created.structuredContent).toMatchObject({ status: "COMPLETE" });
    w.api.requests.length = 0;
    const listed = await w.call("hubspot_list_associations", {
      objectType: "contacts",
      objectId: "151",
      toObjectType: "deals",
    });
    expect(line(only())).toEqual([
      "GET",
      "/crm/v4/objects/contacts/151/associations/deals",
      [["limit", "100"]],
    ]);
    expect(listed.structuredContent).toEqual({
      results: [
        { toObjectId: 9001, associationTypes: [{ category: "HUBSPOT_DEFINED", typeId: 4, label: null }] },
      ],
    });
  });

  it("create_note on a deal, then list_notes for it (associations, then a batch read)", async () => {
    const note = await w.call("hubspot_create_note", {
      objectType: "deals",
      objectId: "9001",
      body: "Called Ana: wants a quote.",
      timestamp: "2026-03-02T10:30:00Z",
      ownerId: "41",
    });
    expect(line(only())).toEqual(["POST", "/crm/v3/objects/notes", []]);
    expect(bodyOf(only())).toEqual({
      properties: {
        hs_timestamp: "2026-03-02T10:30:00Z",
        hs_note_body: "Called Ana: wants a quote.",
        hubspot_owner_id: "41",
      },
      associations: [
        { to: { id: "9001" }, types: [{ associationCategory: "HUBSPOT_DEFINED", associationTypeId: 214 }] },
      ],
    });
    const noteId = (note.structuredContent as { id: string }).id;
    w.api.requests.length = 0;
    const listed = await w.call("hubspot_list_notes", { objectType: "deals", objectId: "9001" });
    expect(w.api.requests.map(line)).toEqual([
      ["GET", "/crm/v4/objects/deals/9001/associations/notes", [["limit", "20"]]],
      ["POST", "/crm/v3/objects/notes/batch/read", []],
    ]);
    expect(bodyOf(w.api.requests[1] as RecordedRequest)).toEqual({
      properties: ["hs_note_body", "hs_timestamp", "hubspot_owner_id"],
      inputs: [{ id: noteId }],
    });
    expect(listed.structuredContent).toMatchObject({
      results: [{ id: noteId, properties: { hs_note_body: "Called Ana: wants a quote." } }],
    });
  });

  it("list_notes of a record without notes makes one call", async () => {
    const listed = await w.call("hubspot_list_notes", { objectType: "contacts", objectId: "152" });
    expect(w.api.requests).toHaveLength(1);
    expect(listed.structuredContent).toEqual({ results: [] });
  });

  it("list_owners pages with after", async () => {
    const first = await w.call("hubspot_list_owners", { limit: 1 });
    expect(line(only())).toEqual(["GET", "/crm/v3/owners", [["limit", "1"]]]);
    expect(first.structuredContent).toMatchObject({ results: [{ id: "41" }], after: "1" });
    w.api.requests.length = 0;
    const second = await w.call("hubspot_list_owners", { limit: 1, after: "1" });
    expect(line(only())).toEqual([
      "GET",
      "/crm/v3/owners",
      [
        ["limit", "1"],
        ["after", "1"],
      ],
    ]);
    expect(second.structuredContent).toEqual({ results: [expect.objectContaining({ id: "42" })] });
  });

  it("list_pipelines of deals with their stages", async () => {
    const result = await w.call("hubspot_list_pipelines", {});
    expect(line(only())).toEqual(["GET", "/crm/v3/pipelines/deals", []]);
    expect(result.structuredContent).toMatchObject({
      results: [{ id: "default", stages: [{ id: "appointmentscheduled" }, { id: "closedwon" }] }],
    });
  });

  it("refreshes an expired token before calling, and once after a 401", async () => {
    const before = w.oauth.refreshRequests.length;
    await w.expireStoredToken();
    const result = await w.call("hubspot_list_pipelines", {});
    expect(result.isError).toBeFalsy();
    expect(w.oauth.refreshRequests.length - before).toBe(1);
    expect(only().headers.authorization).toBe(w.bearer());
    w.refuseCurrentToken();
    w.api.requests.length = 0;
    const retried = await w.call("hubspot_list_owners", {});
    expect(retried.isError).toBeFalsy();
    expect(w.oauth.refreshRequests.length - before).toBe(2);
    expect(w.api.requests.at(-1)?.headers.authorization).toBe(w.bearer());
  });

  it("disconnecting deletes the refresh token at HubSpot (DELETE /oauth/v1/refresh-tokens/{token})", async () => {
    const refreshToken = w.oauth.issued.filter((token) => token.includes("refresh-token")).at(-1);
    const result = await w.world.ownerA.caller.integrations.connections.disconnect({
      organizationId: w.world.orgA.id,
      provider: "hubspot",
    });
    expect(result).toMatchObject({ revoked: true });
    const request = only();
    expect(line(request)).toEqual(["DELETE", `/oauth/v1/refresh-tokens/${refreshToken}`, []]);
    expect(w.api.deletedRefreshTokens).toEqual([refreshToken]);
    const tools = (await w.client.listTools()).tools.map((tool) => tool.name);
    expect(tools.filter((name) => name.startsWith("hubspot_"))).toEqual([]);
  });
});
