// Caflou's tool pack through /mcp against a fake Caflou API v1: the documented host path with the
// account id, Bearer auth, `page` and `per` (Caflou's page-size parameter), filter[<name>] filters;
// every tool called, a list followed to its second page, and Caflou's refusal shown in one sentence.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CAFLOU_DEFAULT_BASE_URL } from "~/lib/integrations/credentials/caflou.ts";
import { type FakeCaflou, startFakeCaflou } from "../fakes/caflou.ts";
import type { RecordedRequest } from "../fakes/http-fake.ts";
import { startApiTokenWorld } from "./api-token-world.ts";
import { textOf } from "./crm-world.ts";

const TOKEN = "caflou-token-0123456789";
const ACCOUNT = "4711";
let api: FakeCaflou;
let w: Awaited<ReturnType<typeof startApiTokenWorld>>;

beforeAll(async () => {
  api = await startFakeCaflou({ token: TOKEN, accountId: ACCOUNT });
  w = await startApiTokenWorld({
    provider: "caflou",
    integrationId: "caflou",
    values: { apiKey: TOKEN, accountId: ACCOUNT, baseUrl: api.url },
    // The base URL is the user's: a 127.0.0.1 fake needs private addresses allowed.
    env: { ALLOW_PRIVATE_URLS: "true" },
  });
});
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
      { id: 1, name: `First of ${name}`, project_id: 5 },
      { id: 2, name: `Second of ${name}`, project_id: 5 },
    );
  }
});

const only = (): RecordedRequest => {
  expect(api.requests).toHaveLength(1);
  return api.requests[0] as RecordedRequest;
};
const line = (request: RecordedRequest) => [request.method, request.path, [...request.query.entries()]];

const RESOURCES = [
  ["companies", "company"],
  ["contacts", "contact"],
  ["projects", "project"],
  ["tasks", "task"],
  ["invoices", "invoice"],
  ["time_entries", "time_entry"],
] as const;

describe("Caflou tools on /mcp", () => {
  it("defaults to Caflou's documented host", () => {
    expect(CAFLOU_DEFAULT_BASE_URL).toBe("https://app.caflou.com");
  });

  it("lists read-only tools with described parameters and an example", async () => {
    const tools = (await w.client.listTools()).tools.filter((tool) => tool.name.startsWith("caflou_"));
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      RESOURCES.flatMap(([plural, singular]) => [`caflou_list_${plural}`, `caflou_get_${singular}`]).sort(),
    );
    for (const tool of tools) {
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      expect(tool.description).toMatch(/^Use to .*Example: \{/s);
      for (const property of Object.values(tool.inputSchema.properties ?? {})) {
        expect((property as { description?: string }).description).toBeTruthy();
      }
    }
  });

  for (const [plural, singular] of RESOURCES) {
    it(`${plural}: list and get on /api/v1/{account_id}`, async () => {
      const listed = await w.call(`caflou_list_${plural}`, { search: "first", per: 10 });
      const request = only();
      expect(line(request)).toEqual([
        "GET",
        `/api/v1/${ACCOUNT}/${plural}`,
        [
          ["page", "1"],
          ["per", "10"],
          ["filter[search]", "first"],
        ],
      ]);
      expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(listed.structuredContent).toEqual({
        page: 1,
        per: 10,
        data: [{ id: 1, name: `First of ${plural}`, project_id: 5 }],
      });
      api.requests.length = 0;
      const read = await w.call(`caflou_get_${singular}`, { id: 2 });
      expect(line(only())).toEqual(["GET", `/api/v1/${ACCOUNT}/${plural}/2`, []]);
      expect(read.structuredContent).toEqual({ data: { id: 2, name: `Second of ${plural}`, project_id: 5 } });
    });
  }

  it("follows a list to its second page with filter[<name>]", async () => {
    const first = await w.call("caflou_list_tasks", { project_id: 5, per: 1 });
    expect(line(only())).toEqual([
      "GET",
      `/api/v1/${ACCOUNT}/tasks`,
      [
        ["page", "1"],
        ["per", "1"],
        ["filter[project_id]", "5"],
      ],
    ]);
    const page1 = first.structuredContent as { next_page: number; data: { id: number }[] };
    expect(page1.next_page).toBe(2);
    expect(page1.data.map((item) => item.id)).toEqual([1]);
    api.requests.length = 0;
    const second = await w.call("caflou_list_tasks", { project_id: 5, per: 1, page: page1.next_page });
    expect(only().query.get("page")).toBe("2");
    expect((second.structuredContent as { data: { id: number }[] }).data.map((item) => item.id)).toEqual([2]);
  });

  it("states Caflou's refusal in one sentence", async () => {
    const missing = await w.call("caflou_get_invoice", { id: 99 });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toBe("Caflou answered HTTP 404: Record not found");
  });
});
