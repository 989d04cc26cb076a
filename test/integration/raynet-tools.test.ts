// Raynet's tool pack through /mcp against a fake RAYNET API written from Raynet's reference: Basic auth
// and X-Instance-Name on every request, lists with offset/limit and attribute[OPERATOR] filters,
// create with PUT (never retried), update with POST; every request checked exactly, a list followed to
// its second page, Raynet's error as one sentence, and the account's regional host.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessFromCredential } from "~/integrations/registry.ts";
import { RAYNET_BASE_URLS } from "~/lib/integrations/credentials/raynet.ts";
import { basicAuth } from "../fakes/api-provider.ts";
import type { RecordedRequest } from "../fakes/http-fake.ts";
import { type FakeRaynet, startFakeRaynet } from "../fakes/raynet.ts";
import { startApiTokenWorld } from "./api-token-world.ts";
import { textOf } from "./crm-world.ts";

const CREDENTIAL = { email: "ops@acme.test", apiKey: "raynet-key-0123456789", namespace: "acme-crm" };
let api: FakeRaynet;
let w: Awaited<ReturnType<typeof startApiTokenWorld>>;

beforeAll(async () => {
  api = await startFakeRaynet({
    authorization: basicAuth(CREDENTIAL.email, CREDENTIAL.apiKey),
    instance: CREDENTIAL.namespace,
  });
  w = await startApiTokenWorld({
    provider: "raynet",
    integrationId: "raynet",
    values: CREDENTIAL,
    endpoints: { apiBaseUrl: `${api.url}/api/v2` },
  });
});
afterAll(async () => {
  await w?.close();
  await api?.close();
});
beforeEach(() => {
  api.requests.length = 0;
  api.records.company?.splice(
    0,
    Infinity,
    { id: 1, name: "Steelworks s.r.o.", state: "B_ACTUAL", role: "A_SUBSCRIBER", rating: "A" },
    { id: 2, name: "Steel Trade a.s.", state: "B_ACTUAL", role: "B_PARTNER", rating: "B" },
    { id: 3, name: "Woodland s.r.o.", state: "A_POTENTIAL", role: "A_SUBSCRIBER", rating: "C" },
  );
});

const only = (): RecordedRequest => {
  expect(api.requests).toHaveLength(1);
  return api.requests[0] as RecordedRequest;
};
const line = (request: RecordedRequest) => [request.method, request.path, [...request.query.entries()]];
const authOf = (request: RecordedRequest) => [
  request.headers.authorization,
  request.headers["x-instance-name"],
];
const AUTH = [basicAuth(CREDENTIAL.email, CREDENTIAL.apiKey), CREDENTIAL.namespace];

const TYPES = [
  { path: "company", plural: "companies", singular: "company" },
  { path: "person", plural: "persons", singular: "person" },
  { path: "lead", plural: "leads", singular: "lead" },
  { path: "businessCase", plural: "business_cases", singular: "business_case" },
  { path: "task", plural: "tasks", singular: "task" },
  { path: "meeting", plural: "meetings", singular: "meeting" },
  { path: "phoneCall", plural: "phone_calls", singular: "phone_call" },
] as const;

const NEW: Record<string, Record<string, unknown>> = {
  company: {
    name: "Acme s.r.o.",
    rating: "A",
    state: "A_POTENTIAL",
    role: "A_SUBSCRIBER",
    regNumber: "12345678",
    addresses: [{ address: { name: "Sídlo", city: "Ostrava" }, contactInfo: { email: "info@acme.cz" } }],
  },
  person: { firstName: "Ana", lastName: "Nováková", relationship: { company: 1, type: "Buyer" } },
  lead: { topic: "200 t of steel", priority: "DEFAULT", companyName: "Acme s.r.o." },
  businessCase: { name: "Steel supply 2027", company: 1, totalAmount: 250000, validFrom: "2026-12-01" },
  task: {
    title: "Send the price list",
    priority: "DEFAULT",
    owner: 3,
    resolver: 3,
    deadline: "2026-12-04 12:00",
    company: 1,
  },
  meeting: {
    title: "Contract review",
    priority: "DEFAULT",
    owner: 3,
    scheduledFrom: "2026-12-08 10:00",
    scheduledTill: "2026-12-08 11:00",
  },
  phoneCall: { title: "Call Ana", priority: "MINOR", owner: 3, person: 7 },
};

const CHANGE: Record<string, Record<string, unknown>> = {
  company: { notice: "Signed.", state: "B_ACTUAL" },
  lead: { priority: "CRITICAL" },
  businessCase: { businessCasePhase: 4, probability: 70 },
};

describe("Raynet tools on /mcp", () => {
  it("lists the pack's tools with their annotations and a described example", async () => {
    const tools = (await w.client.listTools()).tools.filter((tool) => tool.name.startsWith("raynet_"));
    const hints = Object.fromEntries(
      tools.map((tool) => [
        tool.name.replace("raynet_", ""),
        [tool.annotations?.readOnlyHint, tool.annotations?.destructiveHint, tool.annotations?.idempotentHint],
      ]),
    );
    const expected: Record<string, unknown[]> = {};
    for (const type of TYPES) {
      expected[`list_${type.plural}`] = [true, false, true];
      expected[`get_${type.singular}`] = [true, false, true];
      expected[`create_${type.singular}`] = [false, false, false];
      expected[`update_${type.singular}`] = [false, true, true];
    }
    for (const name of [
      "list_users",
      "list_business_case_phases",
      "list_lead_phases",
      "list_activity_categories",
    ]) {
      expected[name] = [true, false, true];
    }
    expected.delete_company = [false, true, true];
    expected.list_activities = [true, false, true];
    expect(hints).toEqual(expected);
    for (const tool of tools) {
      expect(tool.description).toMatch(/^Use to .*Example: \{/s);
      for (const [name, property] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect((property as { description?: string }).description, `${tool.name}.${name}`).toBeTruthy();
      }
    }
  });

  it("list_companies with filters, followed to its second page", async () => {
    const first = await w.call("raynet_list_companies", {
      fulltext: "steel",
      state: "B_ACTUAL",
      filters: [{ attribute: "name", operator: "LIKE", value: "Steel%" }],
      sort_column: "name",
      sort_direction: "DESC",
      limit: 1,
    });
    const request = only();
    expect(line(request)).toEqual([
      "GET",
      "/api/v2/company/",
      [
        ["offset", "0"],
        ["limit", "1"],
        ["fulltext", "steel"],
        ["sortColumn", "name"],
        ["sortDirection", "DESC"],
        ["state", "B_ACTUAL"],
        ["name[LIKE]", "Steel%"],
      ],
    ]);
    expect(authOf(request)).toEqual(AUTH);
    expect(request.body).toBe("");
    const page1 = first.structuredContent as {
      totalCount: number;
      data: { id: number }[];
      next_offset: number;
    };
    expect(page1).toMatchObject({ totalCount: 2, next_offset: 1 });
    expect(page1.data.map((item) => item.id)).toEqual([1]);

    api.requests.length = 0;
    const second = await w.call("raynet_list_companies", {
      fulltext: "steel",
      state: "B_ACTUAL",
      filters: [{ attribute: "name", operator: "LIKE", value: "Steel%" }],
      limit: 1,
      offset: page1.next_offset,
    });
    expect(only().query.get("offset")).toBe("1");
    const page2 = second.structuredContent as Record<string, unknown>;
    expect(page2).toEqual({ totalCount: 2, data: [expect.objectContaining({ id: 2 })] });
    expect(page2.next_offset).toBeUndefined();
  });

  it("sends each type's own filter attributes", async () => {
    await w.call("raynet_list_persons", { company: 1, email: "ana@acme.cz", owner: 3 });
    expect(line(only())).toEqual([
      "GET",
      "/api/v2/person/",
      [
        ["offset", "0"],
        ["limit", "100"],
        ["owner", "3"],
        ["primaryRelationship-company-id", "1"],
        ["contactInfo.email", "ana@acme.cz"],
      ],
    ]);
    api.requests.length = 0;
    await w.call("raynet_list_tasks", {
      owner: 3,
      status: "NEW",
      company: 1,
      business_case: 15,
      scheduled_from: "2026-12-01 00:00",
    });
    expect(line(only())).toEqual([
      "GET",
      "/api/v2/task/",
      [
        ["offset", "0"],
        ["limit", "100"],
        ["owner-id", "3"],
        ["status", "NEW"],
        ["companyContextFilter", "1"],
        ["businessCase", "15"],
        ["scheduledFrom[GE]", "2026-12-01 00:00"],
      ],
    ]);
  });

  for (const type of TYPES) {
    it(`${type.plural}: create (PUT), get, update (POST) and list, as documented`, async () => {
      const created = await w.call(
        `raynet_create_${type.singular}`,
        NEW[type.path] as Record<string, unknown>,
      );
      expect(created.isError, textOf(created)).toBeFalsy();
      const put = only();
      expect(line(put)).toEqual(["PUT", `/api/v2/${type.path}/`, []]);
      expect(authOf(put)).toEqual(AUTH);
      expect(put.headers["content-type"]).toBe("application/json");
      expect(JSON.parse(put.body)).toEqual(NEW[type.path]);
      const { id } = created.structuredContent as { id: number };
      expect(id).toEqual(expect.any(Number));

      api.requests.length = 0;
      const read = await w.call(`raynet_get_${type.singular}`, { id });
      expect(line(only())).toEqual(["GET", `/api/v2/${type.path}/${id}/`, []]);
      expect(read.structuredContent).toEqual({ data: { ...NEW[type.path], id } });

      api.requests.length = 0;
      const change = CHANGE[type.path] ?? { tags: ["vip"] };
      const updated = await w.call(`raynet_update_${type.singular}`, { id, ...change });
      const post = only();
      expect(line(post)).toEqual(["POST", `/api/v2/${type.path}/${id}/`, []]);
      expect(authOf(post)).toEqual(AUTH);
      expect(JSON.parse(post.body)).toEqual(change);
      expect(updated.structuredContent).toEqual({ updated: id });

      api.requests.length = 0;
      const listed = await w.call(`raynet_list_${type.plural}`, { limit: 10 });
      expect(line(only())).toEqual([
        "GET",
        `/api/v2/${type.path}/`,
        [
          ["offset", "0"],
          ["limit", "10"],
        ],
      ]);
      expect((listed.structuredContent as { data: { id: number }[] }).data.map((item) => item.id)).toContain(
        id,
      );
    });
  }

  it("lists users and the phases and categories records refer to", async () => {
    api.records.userAccount?.splice(0, Infinity, {
      id: 8,
      username: "novak@acme.cz",
      person: { id: 9, fullName: "Jan Novák" },
      userRole: "ADMIN",
    });
    api.records.businessCasePhase?.splice(0, Infinity, { id: 3, code01: "Před uzavřením", probability: 50 });
    api.records.leadPhase?.splice(0, Infinity, { id: 4, code01: "Odloženo" });
    api.records.activityCategory?.splice(0, Infinity, { id: 5, code01: "bez reakce" });
    const users = await w.call("raynet_list_users", { fulltext: "novak", limit: 5 });
    expect(line(only())).toEqual([
      "GET",
      "/api/v2/userAccount/",
      [
        ["offset", "0"],
        ["limit", "5"],
        ["fulltext", "novak"],
      ],
    ]);
    expect(users.structuredContent).toEqual({ totalCount: 1, data: [api.records.userAccount?.[0]] });
    for (const [tool, path, record] of [
      ["list_business_case_phases", "businessCasePhase", api.records.businessCasePhase?.[0]],
      ["list_lead_phases", "leadPhase", api.records.leadPhase?.[0]],
      ["list_activity_categories", "activityCategory", api.records.activityCategory?.[0]],
    ] as const) {
      api.requests.length = 0;
      const result = await w.call(`raynet_${tool}`, {});
      const request = only();
      expect(line(request)).toEqual(["GET", `/api/v2/${path}/`, []]);
      expect(authOf(request)).toEqual(AUTH);
      expect(result.structuredContent).toEqual({ totalCount: 1, data: [record] });
    }
  });

  it("delete_company sends DELETE /company/{id}/; a gone one is Raynet's 404", async () => {
    const deleted = await w.call("raynet_delete_company", { id: 2 });
    const request = only();
    expect(line(request)).toEqual(["DELETE", "/api/v2/company/2/", []]);
    expect(authOf(request)).toEqual(AUTH);
    expect(request.body).toBe("");
    expect(deleted.structuredContent).toEqual({ deleted: 2 });
    expect(api.records.company?.map((company) => company.id)).toEqual([1, 3]);
    const again = await w.call("raynet_delete_company", { id: 2 });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toBe("Raynet answered HTTP 404: Záznam nebyl nalezen.");
  });

  it("list_activities: tasks, meetings and calls of one company in one list, to the second page", async () => {
    api.records.task?.splice(0, Infinity, {
      id: 10,
      title: "Send offer",
      status: "SCHEDULED",
      companyContextFilter: 1,
    });
    api.records.meeting?.splice(0, Infinity, {
      id: 11,
      title: "Review",
      status: "SCHEDULED",
      companyContextFilter: 1,
    });
    api.records.phoneCall?.splice(0, Infinity, {
      id: 12,
      title: "Call",
      status: "COMPLETED",
      companyContextFilter: 2,
    });
    const first = await w.call("raynet_list_activities", { company_id: 1, status: "SCHEDULED", limit: 1 });
    const request = only();
    expect(line(request)).toEqual([
      "GET",
      "/api/v2/activity/",
      [
        ["offset", "0"],
        ["limit", "1"],
        ["companyContextFilter", "1"],
        ["status[EQ]", "SCHEDULED"],
      ],
    ]);
    expect(authOf(request)).toEqual(AUTH);
    expect(first.structuredContent).toEqual({ totalCount: 2, data: [api.records.task?.[0]], next_offset: 1 });
    api.requests.length = 0;
    const second = await w.call("raynet_list_activities", {
      company_id: 1,
      status: "SCHEDULED",
      limit: 1,
      offset: 1,
    });
    expect(only().query.get("offset")).toBe("1");
    expect(second.structuredContent).toEqual({ totalCount: 2, data: [api.records.meeting?.[0]] });
    const refused = await w.call("raynet_list_activities", {
      filters: [{ attribute: "noSuchColumn", operator: "EQ", value: "x" }],
    });
    expect(textOf(refused)).toBe("Raynet answered HTTP 400: Unsupported filter column noSuchColumn[EQ]");
  });

  it("updates an activity's status, which only an update takes", async () => {
    api.records.phoneCall?.push({ id: 120, title: "Call Ana", priority: "DEFAULT", owner: 3 });
    await w.call("raynet_update_phone_call", { id: 120, status: "COMPLETED", solution: "Accepted." });
    expect(JSON.parse(only().body)).toEqual({ status: "COMPLETED", solution: "Accepted." });
  });

  it("states Raynet's error in one sentence, and never sends a create twice", async () => {
    const refused = await w.call("raynet_list_companies", {
      filters: [{ attribute: "noSuchColumn", operator: "EQ", value: "1" }],
    });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe("Raynet answered HTTP 400: Unsupported filter column noSuchColumn[EQ]");

    api.requests.length = 0;
    const missing = await w.call("raynet_get_lead", { id: 999 });
    expect(textOf(missing)).toBe("Raynet answered HTTP 404: Záznam nebyl nalezen.");

    api.requests.length = 0;
    const invalid = await w.call("raynet_create_business_case", { name: "No company" });
    expect(invalid.isError).toBe(true);
    expect(textOf(invalid)).toMatch(/company/);
    expect(api.requests).toHaveLength(0);
  });

  it("calls the account's regional host named in the credential", () => {
    for (const host of Object.values(RAYNET_BASE_URLS)) {
      const access = accessFromCredential("raynet", "api-token", { ...CREDENTIAL, baseUrl: host }, {});
      expect(access?.baseUrl).toBe(host);
      expect(access?.userSupplied).toBe(false);
      expect(access?.headers).toEqual({
        authorization: basicAuth(CREDENTIAL.email, CREDENTIAL.apiKey),
        "x-instance-name": CREDENTIAL.namespace,
      });
    }
    // Saved before the region existed: the Czech host.
    expect(accessFromCredential("raynet", "api-token", CREDENTIAL, {})?.baseUrl).toBe(RAYNET_BASE_URLS.cz);
  });
});
