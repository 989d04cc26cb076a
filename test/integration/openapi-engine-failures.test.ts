// The OpenAPI engine when things go wrong: upstream errors read as "<Provider> answered HTTP <status>:
// <message>", 401 asks for a reconnect, only idempotent calls are retried, a time limit, cancellation,
// the size cap and arguments refused before anything is sent.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_RESULT_BYTES } from "~/server/integrations/engine/openapi/format-result.ts";
import { startOpenApiWorld, TOOL_TIMEOUT_MS, textOf } from "./openapi-world.ts";

const w = await startOpenApiWorld();
afterAll(() => w.close());
beforeEach(() => w.reset());

describe("failures", () => {
  it("turns upstream errors into isError results with status and the provider's message", async () => {
    w.hubspotApi.respond = () => ({
      status: 404,
      json: { status: "error", message: "resource not found", category: "OBJECT_NOT_FOUND" },
    });
    const notFound = await w.call(w.hubspot, "get_contact", { id: "404" });
    expect(notFound).toMatchObject({ isError: true });
    expect(textOf(notFound)).toBe("HubSpot answered HTTP 404: resource not found");
    w.hubspotApi.respond = () => ({ status: 500, text: "Internal trouble" });
    const broken = await w.call(w.hubspot, "create_contact", { properties: { email: "x@example.com" } });
    expect(textOf(broken)).toBe("HubSpot answered HTTP 500: Internal trouble");
  });

  it("tells the user to reconnect when HubSpot refuses the token", async () => {
    w.hubspotApi.respond = () => ({
      status: 401,
      json: { message: "Authentication credentials not found." },
    });
    const result = await w.call(w.hubspot, "list_deals", {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /^HubSpot answered HTTP 401: Authentication credentials not found\. .*reconnect HubSpot/,
    );
  });

  it("retries an idempotent GET on 503 and succeeds", async () => {
    let n = 0;
    w.hubspotApi.respond = () =>
      ++n < 3 ? { status: 503, json: { message: "busy" } } : { json: { results: [] } };
    const result = await w.call(w.hubspot, "list_contacts", { limit: 5 });
    expect(result.isError).toBeFalsy();
    expect(w.hubspotApi.requests).toHaveLength(3);
    expect(result.structuredContent).toEqual({ results: [] });
  });

  it("never retries a POST, even a read-only search", async () => {
    w.hubspotApi.respond = () => ({ status: 503, json: { message: "busy" } });
    const search = await w.call(w.hubspot, "search_contacts", { query: "ana" });
    expect(textOf(search)).toBe("HubSpot answered HTTP 503: busy");
    const create = await w.call(w.hubspot, "create_contact", {
      properties: { email: "x@example.com" },
    });
    expect(create.isError).toBe(true);
    expect(w.hubspotApi.requests.map((r) => r.method)).toEqual(["POST", "POST"]);
  });

  it("does not wait for a Retry-After longer than the cap", async () => {
    w.hubspotApi.respond = () => ({
      status: 429,
      json: { message: "slow down" },
      headers: { "retry-after": "120" },
    });
    const started = Date.now();
    const result = await w.call(w.hubspot, "list_companies", {});
    expect(textOf(result)).toBe("HubSpot answered HTTP 429: slow down");
    expect(w.hubspotApi.requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("gives up at its time limit with a clear message", async () => {
    w.hubspotApi.respond = () => ({ delayMs: 3000, json: {} });
    const started = Date.now();
    const result = await w.call(w.hubspot, "get_contact", { id: "1" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(`HubSpot did not answer within ${(TOOL_TIMEOUT_MS * 0.9) / 1000} s.`);
    expect(Date.now() - started).toBeLessThan(TOOL_TIMEOUT_MS + 500);
  });

  it("stops when the caller cancels", async () => {
    w.hubspotApi.respond = () => ({ delayMs: 3000, json: {} });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await w.call(w.hubspot, "get_contact", { id: "1" }, controller.signal);
    expect(textOf(result)).toBe("The call was cancelled.");
  });

  it("caps large answers and drops structuredContent when it truncates", async () => {
    const results = Array.from({ length: 3000 }, (_, i) => ({
      id: String(i),
      properties: { note: "x".repeat(40) },
    }));
    w.hubspotApi.respond = () => ({ json: { results } });
    const result = await w.call(w.hubspot, "list_contacts", {});
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toBeUndefined();
    const text = textOf(result);
    expect(text).toContain("[Truncated: the answer was larger than 100 KB.");
    expect(Buffer.byteLength(text.slice(0, text.indexOf("\n\n[Truncated")))).toBe(MAX_RESULT_BYTES);
  });

  it("refuses bad arguments without calling HubSpot", async () => {
    const missing = await w.call(w.hubspot, "get_contact", {});
    expect(textOf(missing)).toMatch(/^Invalid arguments for get_contact: .*id/);
    const wrongType = await w.call(w.hubspot, "list_contacts", { limit: "ten" });
    expect(textOf(wrongType)).toMatch(/^Invalid arguments for list_contacts: .*limit.*integer/);
    const unknown = await w.call(w.hubspot, "list_contacts", { colour: "red" });
    expect(unknown.isError).toBe(true);
    const tooMany = await w.call(w.hubspot, "list_contacts", { limit: 500 });
    expect(tooMany.isError).toBe(true);
    const unknownTool = await w.call(w.hubspot, "delete_everything", {});
    expect(textOf(unknownTool)).toBe("Unknown tool delete_everything for HubSpot.");
    expect(w.hubspotApi.requests).toHaveLength(0);
  });
});
