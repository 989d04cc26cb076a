// Alveno's tool pack through /mcp against a fake of its external API (test/fakes/alveno.ts): the key
// in X-API-Key and the tenant as a path segment on every request, the echo as the credential check,
// employees paged with offset/limit to a second page, departments (/operations), and Alveno's refusal
// as one sentence.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeAlveno, startFakeAlveno } from "../fakes/alveno.ts";
import type { RecordedRequest } from "../fakes/http-fake.ts";
import { startApiTokenWorld } from "./api-token-world.ts";
import { expectToolsDescribed, packTools, textOf } from "./tool-pack.ts";

const CREDENTIAL = { apiKey: "alveno-key-0123456789", tenantId: "06777198" };
let api: FakeAlveno;
let w: Awaited<ReturnType<typeof startApiTokenWorld>>;
let checks: RecordedRequest[];

beforeAll(async () => {
  api = await startFakeAlveno(CREDENTIAL);
  w = await startApiTokenWorld({
    provider: "alveno",
    integrationId: "alveno",
    values: CREDENTIAL,
    endpoints: { apiBaseUrl: api.url },
  });
  checks = [...api.requests];
});
afterAll(async () => {
  await w?.close();
  await api?.close();
});
beforeEach(() => {
  api.requests.length = 0;
  api.employees.splice(
    0,
    Infinity,
    ...["Tomáš", "Jana", "Petr"].map((firstName, index) => ({
      id: `emp-${index + 1}`,
      firstName,
      lastName: "Foltas",
      email: index === 1 ? null : `${firstName.toLowerCase()}@acme.cz`,
      jobTitle: "",
      personalNumber: String(index + 1),
      isActive: true,
      isDisabled: false,
      operationId: "op-1",
    })),
  );
  api.operations.splice(0, Infinity, { id: "op-1", name: "HR oddělení", isDisabled: false });
});

const only = (): RecordedRequest => {
  expect(api.requests).toHaveLength(1);
  return api.requests[0] as RecordedRequest;
};
const line = (request: RecordedRequest) => [request.method, request.path, [...request.query.entries()]];

describe("Alveno tools on /mcp", () => {
  it("checked the saved key with the documented echo before saving", () => {
    expect(checks.map(line)).toEqual([["GET", "/v1/06777198/echo", [["message", "test"]]]]);
    expect(checks[0]?.headers["x-api-key"]).toBe(CREDENTIAL.apiKey);
  });

  it("lists the two documented reads, read-only, each described with an example", async () => {
    const { tools, byName } = await packTools(w.client, "alveno_");
    expect([...byName.keys()].sort()).toEqual(["list_departments", "list_employees"]);
    for (const tool of tools) expect(tool.annotations?.readOnlyHint).toBe(true);
    expectToolsDescribed(tools);
  });

  it("lists employees with offset and limit under the tenant, then the second page", async () => {
    const first = await w.call("alveno_list_employees", { offset: 0, limit: 2 });
    const request = only();
    expect(line(request)).toEqual([
      "GET",
      "/v1/06777198/employees",
      [
        ["offset", "0"],
        ["limit", "2"],
      ],
    ]);
    expect(request.headers["x-api-key"]).toBe(CREDENTIAL.apiKey);
    expect(request.headers["x-tenant-id"]).toBeUndefined();
    expect(request.body).toBe("");
    const page = first.structuredContent as { items: { id: string }[]; totalCount: number };
    expect(page.items.map((item) => item.id)).toEqual(["emp-1", "emp-2"]);
    expect(page.totalCount).toBe(3);

    api.requests.length = 0;
    const second = await w.call("alveno_list_employees", { offset: 2, limit: 2 });
    expect(line(only())).toEqual([
      "GET",
      "/v1/06777198/employees",
      [
        ["offset", "2"],
        ["limit", "2"],
      ],
    ]);
    expect((second.structuredContent as { items: { id: string }[] }).items.map((item) => item.id)).toEqual([
      "emp-3",
    ]);
  });

  it("lists departments from /operations", async () => {
    const result = await w.call("alveno_list_departments", {});
    expect(line(only())).toEqual(["GET", "/v1/06777198/operations", []]);
    expect(result.structuredContent).toEqual({ items: api.operations });
  });

  it("shows Alveno's refusal as a tool error", async () => {
    api.failNext = { status: 403, message: "Endpoint is forbidden for this key" };
    const result = await w.call("alveno_list_employees", {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe("Alveno answered HTTP 403: Endpoint is forbidden for this key");
  });
});
