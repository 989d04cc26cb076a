// Caflou's tool pack through /mcp against a fake Caflou API v1: the documented login (email and password
// as Basic auth) whose token is cached and renewed, the documented host path with the account id,
// Bearer auth, `page` and `per` (Caflou's page-size parameter), filter[<name>] filters, POST to create
// and PATCH to update; every tool called with its request checked exactly, a list followed to its
// second page, an expired token replaced by a new login, and Caflou's refusal shown in one sentence.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CAFLOU_DEFAULT_BASE_URL } from "~/lib/integrations/credentials/caflou.ts";
import { findConnection } from "~/server/integrations/connections/connection-store.ts";
import { type FakeCaflou, startFakeCaflou } from "../fakes/caflou.ts";
import type { RecordedRequest } from "../fakes/http-fake.ts";
import { startApiTokenWorld } from "./api-token-world.ts";
import { textOf } from "./crm-world.ts";

const EMAIL = "ops@acme.cz";
const PASSWORD = "Caflou pass 0123456789 ";
const ACCOUNT = "4711";
let api: FakeCaflou;
let w: Awaited<ReturnType<typeof startApiTokenWorld>>;

beforeAll(async () => {
  api = await startFakeCaflou({ email: EMAIL, password: PASSWORD, accountId: ACCOUNT });
  api.accounts.push({ id: 4700, name: "Other s.r.o." }, { id: Number(ACCOUNT), name: "Acme s.r.o." });
  w = await startApiTokenWorld({
    provider: "caflou",
    integrationId: "caflou",
    values: { email: EMAIL, password: PASSWORD, accountId: ACCOUNT, baseUrl: api.url },
    // The base URL is the user's: a 127.0.0.1 fake needs private addresses allowed.
    env: { ALLOW_PRIVATE_URLS: "true" },
  });
  // The first call logs in; the tests below see the calls made with the cached token only.
  await w.call("caflou_list_companies", {});
});
const token = () => `Bearer ${api.issued.at(-1)}`;
afterAll(async () => {
  await w?.close();
  await api?.close();
});
beforeEach(() => {
  api.requests.length = 0;
  for (const [name, list] of Object.entries(api.records)) {
    list.splice(
      0,
      Infinity,
      { id: 1, name: `First of ${name}`, company_id: 12, start_date: "2026-11-02" },
      { id: 2, name: `Second of ${name}`, company_id: 12, start_date: "2026-11-20" },
      { id: 3, name: `Third of ${name}`, company_id: 13, start_date: "2026-10-01" },
    );
  }
});

const only = (): RecordedRequest => {
  expect(api.requests).toHaveLength(1);
  return api.requests[0] as RecordedRequest;
};
const line = (request: RecordedRequest) => [request.method, request.path, [...request.query.entries()]];
const base = `/api/v1/${ACCOUNT}`;

const RESOURCES = [
  ["companies", "company"],
  ["contacts", "contact"],
  ["projects", "project"],
  ["tasks", "task"],
  ["invoices", "invoice"],
  ["time_entries", "time_entry"],
] as const;
const DELETABLE = ["companies", "contacts", "projects", "tasks", "time_entries"];
const NEW: Record<string, Record<string, unknown>> = {
  companies: { name: "Acme s.r.o.", id_num: "12345678", city: "Brno", tags: ["client"] },
  contacts: { name: "Ana Nováková", company_id: 12, email: "ana@acme.cz" },
  projects: { name: "Website redesign", company_id: 12, start_date: "2026-12-01", end_date: "2027-02-28" },
  tasks: { name: "Prepare the offer", project_id: 5, end_date: "2026-12-04", target_user_id: 3 },
  time_entries: { name: "Client workshop", start_time: "2026-11-24T09:00:00+01:00", hours: 2, project_id: 5 },
  invoices: {
    name: "November work",
    kind: "issued",
    currency: "CZK",
    date_of_issue: "2026-11-30",
    date_of_tax: "2026-11-30",
    date_of_payment: "2026-12-14",
    to_company_id: 12,
    invoice_items_attributes: [
      { name: "Consulting", amount: 10, unit: "hod", value: 1500, vat_rate_value: 21 },
    ],
  },
};
const CHANGE: Record<string, Record<string, unknown>> = {
  companies: { phone: "+420 777 123 456" },
  contacts: { mobile: "+420 777 000 111" },
  projects: { finished: true },
  tasks: { finished: true, description: "Sent." },
  invoices: { paid: true, payment_date: "2026-11-20" },
  time_entries: { hours: 2.5 },
};

describe("Caflou tools on /mcp", () => {
  it("defaults to Caflou's documented host", () => {
    expect(CAFLOU_DEFAULT_BASE_URL).toBe("https://app.caflou.com");
  });

  it("names the connection after the saved account, from GET /api/v1/accounts when saving", async () => {
    expect(await findConnection(w.app.db, w.world.orgA.id, "caflou")).toMatchObject({
      accountId: ACCOUNT,
      accountLabel: "Acme s.r.o.",
    });
  });

  it("lists the pack with annotations, described parameters and an example", async () => {
    const tools = (await w.client.listTools()).tools.filter((tool) => tool.name.startsWith("caflou_"));
    const hints = Object.fromEntries(
      tools.map((tool) => [
        tool.name.replace("caflou_", ""),
        [tool.annotations?.readOnlyHint, tool.annotations?.destructiveHint],
      ]),
    );
    const expected: Record<string, unknown[]> = {};
    for (const [plural, singular] of RESOURCES) {
      expected[`list_${plural}`] = [true, false];
      expected[`get_${singular}`] = [true, false];
      if (NEW[plural]) expected[`create_${singular}`] = [false, false];
      expected[`update_${singular}`] = [false, true];
      if (DELETABLE.includes(plural)) expected[`delete_${singular}`] = [false, true];
    }
    expected.list_timesheets = [true, false];
    expected.create_timesheet = [false, false];
    expected.list_company_contacts = [true, false];
    expected.list_accounts = [true, false];
    expect(hints).toEqual(expected);
    for (const tool of tools) {
      expect(tool.description).toMatch(/^Use to .*Example: \{/s);
      for (const property of Object.values(tool.inputSchema.properties ?? {})) {
        expect((property as { description?: string }).description).toBeTruthy();
      }
    }
  });

  for (const [plural, singular] of RESOURCES) {
    it(`${plural}: list, get${NEW[plural] ? ", create" : ""} and update on /api/v1/{account_id}`, async () => {
      const listed = await w.call(`caflou_list_${plural}`, { search: "first", per: 10 });
      const request = only();
      expect(line(request)).toEqual([
        "GET",
        `${base}/${plural}`,
        [
          ["page", "1"],
          ["per", "10"],
          ["filter[search]", "first"],
        ],
      ]);
      expect(request.headers.authorization).toBe(token());
      expect(listed.structuredContent).toEqual({
        page: 1,
        per: 10,
        data: [api.records[plural][0]],
        total_results: 1,
        total_pages: 1,
      });

      api.requests.length = 0;
      const read = await w.call(`caflou_get_${singular}`, { id: 2 });
      expect(line(only())).toEqual(["GET", `${base}/${plural}/2`, []]);
      expect(read.structuredContent).toEqual({ data: api.records[plural][1] });

      let target = 2;
      const fields = NEW[plural];
      if (fields) {
        api.requests.length = 0;
        const created = await w.call(`caflou_create_${singular}`, fields);
        const post = only();
        expect(line(post)).toEqual(["POST", `${base}/${plural}`, []]);
        expect(post.headers.authorization).toBe(token());
        expect(post.headers["content-type"]).toBe("application/json");
        expect(JSON.parse(post.body)).toEqual(fields);
        const { data } = created.structuredContent as { data: { id: number } };
        expect(data).toEqual({ ...fields, id: expect.any(Number) });
        target = data.id;
      }

      api.requests.length = 0;
      const updated = await w.call(`caflou_update_${singular}`, { id: target, ...CHANGE[plural] });
      const patch = only();
      expect(line(patch)).toEqual(["PATCH", `${base}/${plural}/${target}`, []]);
      expect(JSON.parse(patch.body)).toEqual(CHANGE[plural]);
      expect((updated.structuredContent as { data: unknown }).data).toMatchObject(CHANGE[plural] as object);
    });
  }

  for (const plural of DELETABLE) {
    const singular = RESOURCES.find(([name]) => name === plural)?.[1];
    it(`${plural}: delete sends DELETE /${plural}/{id}, and Caflou's 404 is the answer for a gone one`, async () => {
      const deleted = await w.call(`caflou_delete_${singular}`, { id: 2 });
      const request = only();
      expect(line(request)).toEqual(["DELETE", `${base}/${plural}/2`, []]);
      expect(request.headers.authorization).toBe(token());
      expect(request.body).toBe("");
      expect(deleted.structuredContent).toEqual({ deleted: 2 });
      expect(api.records[plural as keyof FakeCaflou["records"]].map((item) => item.id)).toEqual([1, 3]);
      const again = await w.call(`caflou_delete_${singular}`, { id: 2 });
      expect(again.isError).toBe(true);
      expect(textOf(again)).toBe("Caflou answered HTTP 404: Record not found");
    });
  }

  it("reads the envelope's totals, and pages a bare array by whether it was full", async () => {
    const enveloped = await w.call("caflou_list_companies", { per: 2 });
    expect(enveloped.structuredContent).toEqual({
      page: 1,
      per: 2,
      data: api.records.companies.slice(0, 2),
      total_results: 3,
      total_pages: 2,
      next_page: 2,
    });
    api.listShape = "array";
    try {
      const bare = await w.call("caflou_list_companies", { per: 2, page: 2 });
      expect(bare.structuredContent).toEqual({ page: 2, per: 2, data: api.records.companies.slice(2) });
      const full = await w.call("caflou_list_companies", { per: 2 });
      expect(full.structuredContent).toMatchObject({ next_page: 2 });
    } finally {
      api.listShape = "envelope";
    }
  });

  it("an answer of neither shape is a tool error naming it, never an empty list", async () => {
    api.listShape = "other";
    try {
      for (const [name, args] of [
        ["caflou_list_projects", {}],
        ["caflou_list_timesheets", {}],
        ["caflou_list_company_contacts", { company_id: 12 }],
        ["caflou_list_accounts", {}],
      ] as const) {
        const result = await w.call(name, args);
        expect(result.isError, name).toBe(true);
        expect(textOf(result)).toBe(
          'Caflou answered the list in an unexpected shape: expected an object with the records in "results" (or an array of records), got an object with "data", "meta".',
        );
      }
    } finally {
      api.listShape = "envelope";
    }
  });

  it("lists one company's contacts under /companies/{company_id}/contacts, to the second page", async () => {
    const first = await w.call("caflou_list_company_contacts", { company_id: 12, per: 1 });
    const request = only();
    expect(line(request)).toEqual([
      "GET",
      `${base}/companies/12/contacts`,
      [
        ["page", "1"],
        ["per", "1"],
      ],
    ]);
    expect(request.headers.authorization).toBe(token());
    expect(first.structuredContent).toMatchObject({ data: [{ id: 1 }], total_pages: 2, next_page: 2 });
    api.requests.length = 0;
    const second = await w.call("caflou_list_company_contacts", { company_id: 12, per: 1, page: 2 });
    expect(only().query.get("page")).toBe("2");
    expect(second.structuredContent).toMatchObject({ data: [{ id: 2 }], total_pages: 2 });
    expect(second.structuredContent).not.toHaveProperty("next_page");
    const missing = await w.call("caflou_list_company_contacts", { company_id: 0 });
    expect(missing.isError).toBe(true);
  });

  it("lists the user's accounts at /api/v1/accounts, outside the account's path", async () => {
    api.accounts.splice(0, Infinity, { id: 4711, name: "Acme s.r.o." }, { id: 4712, name: "Beta a.s." });
    const result = await w.call("caflou_list_accounts", {});
    const request = only();
    expect(line(request)).toEqual(["GET", "/api/v1/accounts", []]);
    expect(request.headers.authorization).toBe(token());
    expect(result.structuredContent).toEqual({ data: api.accounts });
  });

  it("lists timesheets page by page and creates one with the fields Caflou requires", async () => {
    const first = await w.call("caflou_list_timesheets", { start_date: "2026-11-01", per: 1 });
    expect(line(only())).toEqual([
      "GET",
      `${base}/timesheets`,
      [
        ["page", "1"],
        ["per", "1"],
        ["filter[start_date]", "2026-11-01"],
      ],
    ]);
    expect(first.structuredContent).toMatchObject({ data: [{ id: 1 }], next_page: 2 });
    api.requests.length = 0;
    const second = await w.call("caflou_list_timesheets", { start_date: "2026-11-01", per: 1, page: 2 });
    expect(only().query.get("page")).toBe("2");
    expect(second.structuredContent).toMatchObject({ data: [{ id: 2 }] });

    const fields = {
      name: "Workshop",
      start_time: "2026-11-24T09:00:00+01:00",
      end_time: "2026-11-24T11:00:00+01:00",
      hours: 2,
      rate_type_id: 1,
      unit: "hod",
      value: 1500,
      project_id: 5,
    };
    api.requests.length = 0;
    const created = await w.call("caflou_create_timesheet", fields);
    const post = only();
    expect(line(post)).toEqual(["POST", `${base}/timesheets`, []]);
    expect(post.headers.authorization).toBe(token());
    expect(JSON.parse(post.body)).toEqual(fields);
    expect(created.structuredContent).toEqual({ data: { ...fields, id: expect.any(Number) } });

    api.requests.length = 0;
    const { value: _, ...withoutValue } = fields;
    const refused = await w.call("caflou_create_timesheet", withoutValue);
    expect(refused.isError).toBe(true);
    expect(api.requests).toHaveLength(0);
  });

  it("follows a filtered list to its second page", async () => {
    const first = await w.call("caflou_list_tasks", {
      company_ids: "12",
      start_date: "2026-11-01",
      filters: { finished: "false" },
      per: 1,
    });
    expect(line(only())).toEqual([
      "GET",
      `${base}/tasks`,
      [
        ["page", "1"],
        ["per", "1"],
        ["filter[company_ids]", "12"],
        ["filter[start_date]", "2026-11-01"],
        ["filter[finished]", "false"],
      ],
    ]);
    for (const task of api.records.tasks) task.finished = false;
    api.requests.length = 0;
    const again = await w.call("caflou_list_tasks", { company_ids: "12", start_date: "2026-11-01", per: 1 });
    const page1 = again.structuredContent as { next_page: number; data: { id: number }[] };
    expect(page1.next_page).toBe(2);
    expect(page1.data.map((item) => item.id)).toEqual([1]);
    api.requests.length = 0;
    const second = await w.call("caflou_list_tasks", {
      company_ids: "12",
      start_date: "2026-11-01",
      per: 1,
      page: page1.next_page,
    });
    expect(only().query.get("page")).toBe("2");
    expect((second.structuredContent as { data: { id: number }[] }).data.map((item) => item.id)).toEqual([2]);
    expect(first.isError).toBeFalsy();
  });

  it("logs in with the saved email and password as Basic auth, then reuses the token", async () => {
    // Saving checked the login (one token) and the first call logged in (another): no more since.
    expect(api.issued).toHaveLength(2);
    await w.call("caflou_get_company", { id: 1 });
    await w.call("caflou_get_company", { id: 2 });
    expect(api.requests.map((request) => request.path)).toEqual([
      `${base}/companies/1`,
      `${base}/companies/2`,
    ]);
    expect(api.issued).toHaveLength(2);
  });

  it("logs in again once when Caflou refuses an expired token, and the call succeeds", async () => {
    const before = api.issued.at(-1);
    api.expireTokens();
    const read = await w.call("caflou_get_project", { id: 3 });
    expect(read.isError).toBeFalsy();
    expect(read.structuredContent).toEqual({ data: api.records.projects[2] });
    expect(
      api.requests.map((request) => [request.method, request.path, request.headers.authorization]),
    ).toEqual([
      ["GET", `${base}/projects/3`, `Bearer ${before}`],
      ["POST", "/api/v1/login", `Basic ${Buffer.from(`${EMAIL}:${PASSWORD}`).toString("base64")}`],
      ["GET", `${base}/projects/3`, `Bearer ${api.issued.at(-1)}`],
    ]);
    expect(api.issued.at(-1)).not.toBe(before);
  });

  it("concurrent calls on a refused token share one new login", async () => {
    api.expireTokens();
    const issued = api.issued.length;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) => w.call("caflou_get_company", { id: (index % 3) + 1 })),
    );
    expect(results.filter((result) => result.isError)).toEqual([]);
    expect(api.issued).toHaveLength(issued + 1);
    expect(api.requests.filter((request) => request.path === "/api/v1/login")).toHaveLength(1);
  });

  it("logs in before a call once the token's stated expiry is near", async () => {
    api.lifetimeSeconds = 30; // within the minute before expiry in which a token is renewed
    api.expireTokens();
    await w.call("caflou_get_task", { id: 1 });
    api.requests.length = 0;
    const issued = api.issued.length;
    const read = await w.call("caflou_get_task", { id: 2 });
    expect(read.isError).toBeFalsy();
    expect(api.requests.map((request) => [request.method, request.path])).toEqual([
      ["POST", "/api/v1/login"],
      ["GET", `${base}/tasks/2`],
    ]);
    expect(api.issued).toHaveLength(issued + 1);
    api.lifetimeSeconds = 7 * 24 * 60 * 60;
    api.expireTokens();
    await w.call("caflou_get_task", { id: 1 });
  });

  it("says when the saved password no longer logs in", async () => {
    api.expireTokens();
    api.refuseLogins = true; // the password was changed in Caflou
    const refused = await w.call("caflou_get_company", { id: 1 });
    api.refuseLogins = false;
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe(
      'Caflou refused the saved email and password, answering HTTP 401 ("Invalid credentials"): update the Caflou credentials in the organization\'s integrations.',
    );
    expect(api.requests.map((request) => request.path)).toEqual([`${base}/companies/1`, "/api/v1/login"]);
    // The refused login broke the connection (credential-refusal.ts); a re-check with the login
    // working again repairs it.
    const { organizationId, provider } = { organizationId: w.world.orgA.id, provider: "caflou" as const };
    expect(await findConnection(w.app.db, organizationId, provider)).toMatchObject({ status: "error" });
    const repaired = await w.world.ownerA.caller.integrations.connections.recheck({
      organizationId,
      provider,
    });
    expect(repaired).toMatchObject({ status: "active" });
  });

  it("refuses to save an email and password Caflou's login refuses", async () => {
    const before = api.issued.length;
    await expect(
      w.world.ownerB.caller.integrations.credentials.saveOrganizationCredential({
        organizationId: w.world.orgB.id,
        provider: "caflou",
        authFlow: "api-token",
        values: { email: EMAIL, password: "wrong", accountId: ACCOUNT, baseUrl: api.url },
      }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message:
        "Caflou refused this email and password: check them, and that the user signs in without two-factor authentication.",
    });
    expect(api.requests.map((request) => [request.method, request.path])).toEqual([
      ["POST", "/api/v1/login"],
    ]);
    expect(api.issued).toHaveLength(before);
  });

  it("states Caflou's refusal in one sentence", async () => {
    const missing = await w.call("caflou_get_invoice", { id: 99 });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toBe("Caflou answered HTTP 404: Record not found");
  });
});
