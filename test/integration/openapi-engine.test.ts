// The OpenAPI engine against local fake providers: HubSpot over an OAuth connection, RAYNET over an
// API-token connection. Checks the exact requests providers receive, how upstream failures read,
// timeouts, retries (idempotent calls only), the size cap, bad arguments and missing connections.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { App } from "~/server/app.ts";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import type { EngineTarget } from "~/server/integrations/engine/engine.ts";
import { MAX_RESULT_BYTES } from "~/server/integrations/engine/openapi/format-result.ts";
import { openApiEngine } from "~/server/integrations/engine/openapi/openapi-engine.ts";
import { basicAuth } from "../fakes/api-provider.ts";
import { type FakeOAuthProvider, startFakeOAuthProvider } from "../fakes/oauth-provider.ts";
import { type FakeRestProvider, startFakeRestProvider } from "../fakes/rest-provider.ts";
import { createTestApp, headersFor } from "../support/app.ts";
import { buildWorld } from "./world.ts";

let app: App;
let world: Awaited<ReturnType<typeof buildWorld>>;
let hubspotAuth: FakeOAuthProvider;
let hubspotApi: FakeRestProvider;
let raynetApi: FakeRestProvider;
let hubspot: EngineTarget;
let raynet: EngineTarget;

const HUBSPOT_APP = { clientId: "acme-hubspot-app", clientSecret: "acme-hubspot-secret-0123456789" };
const RAYNET = { email: "ops@acme.test", apiKey: "raynet-key-123", namespace: "acme" };
// The gateway limit the engine stays under (it uses 90% of it).
const TOOL_TIMEOUT_MS = 1500;

beforeAll(async () => {
  hubspotAuth = await startFakeOAuthProvider({
    clients: { [HUBSPOT_APP.clientId]: HUBSPOT_APP.clientSecret },
  });
  hubspotApi = await startFakeRestProvider();
  raynetApi = await startFakeRestProvider();
  app = await createTestApp({
    ALLOW_PRIVATE_URLS: "true",
    TOOL_TIMEOUT_MS: String(TOOL_TIMEOUT_MS),
    INTEGRATION_ENDPOINTS: JSON.stringify({
      hubspot: {
        authorizeUrl: hubspotAuth.authorizeUrl,
        tokenUrl: hubspotAuth.tokenUrl,
        apiBaseUrl: hubspotApi.url,
      },
      raynet: { apiBaseUrl: `${raynetApi.url}/api/v2` },
    }),
  });
  world = await buildWorld(app);
  const callback = `${app.config.baseUrl}/api/integrations/oauth/callback`;
  await world.ownerA.caller.integrations.credentials.saveOrganizationCredential({
    organizationId: world.orgA.id,
    provider: "hubspot",
    authFlow: "oauth",
    values: { ...HUBSPOT_APP, redirectUri: callback },
  });
  const { authorizeUrl } = await world.ownerA.caller.integrations.connections.startOAuth({
    organizationId: world.orgA.id,
    integrationId: "hubspot",
  });
  const location = await hubspotAuth.approve(authorizeUrl);
  const response = await handleApiRequest(
    app,
    new Request(location, { headers: headersFor(world.ownerA.cookie) }),
    new URL(location).pathname,
  );
  expect(response?.status).toBe(302);
  await world.ownerA.caller.integrations.credentials.saveOrganizationCredential({
    organizationId: world.orgA.id,
    provider: "raynet",
    authFlow: "api-token",
    values: RAYNET,
  });
  hubspot = { organizationId: world.orgA.id, integrationId: "hubspot" };
  raynet = { organizationId: world.orgA.id, integrationId: "raynet" };
});

afterAll(async () => {
  await app?.database.close();
  await Promise.all([hubspotAuth?.close(), hubspotApi?.close(), raynetApi?.close()]);
});

beforeEach(() => {
  hubspotApi.requests.length = 0;
  raynetApi.requests.length = 0;
  hubspotApi.respond = () => ({ json: {} });
  raynetApi.respond = () => ({ json: {} });
});

const call = (
  target: EngineTarget,
  name: string,
  args: Record<string, unknown>,
  signal = new AbortController().signal,
) => openApiEngine.callTool(app, target, name, args, signal);

const textOf = (result: CallToolResult) => {
  const first = result.content[0];
  return first?.type === "text" ? first.text : "";
};

/** The access token the fake issued last (the connection's current one). */
const hubspotToken = () => hubspotAuth.issued.filter((token) => token.includes("access-token")).at(-1);

describe("listing", () => {
  it("offers the document's tools without touching the network", async () => {
    const tools = await openApiEngine.listTools(app, hubspot);
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining([
        "search_contacts",
        "list_contacts",
        "get_contact",
        "create_contact",
        "list_companies",
        "list_deals",
      ]),
    );
    const get = tools.find((tool) => tool.name === "get_contact");
    expect(get?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
    expect(get?.inputSchema).toMatchObject({ type: "object", required: ["contactId"] });
    expect(hubspotApi.requests).toHaveLength(0);
    expect(
      await openApiEngine.listTools(app, { organizationId: world.orgA.id, integrationId: "exa" }),
    ).toEqual([]);
  });
});

describe("HubSpot over an OAuth connection", () => {
  it("sends exactly the documented request with the connection's bearer token", async () => {
    const contact = { id: "51", properties: { email: "ana@example.com", firstname: "Ana" } };
    hubspotApi.respond = () => ({ json: contact });
    const result = await call(hubspot, "get_contact", {
      contactId: "51",
      properties: ["email", "firstname"],
      archived: false,
    });
    expect(result.isError).toBeFalsy();
    expect(hubspotApi.requests).toHaveLength(1);
    const [request] = hubspotApi.requests;
    expect(request?.method).toBe("GET");
    expect(request?.path).toBe("/crm/v3/objects/contacts/51");
    expect([...(request?.query ?? [])]).toEqual([
      ["properties", "email,firstname"],
      ["archived", "false"],
    ]);
    expect(request?.headers.authorization).toBe(`Bearer ${hubspotToken()}`);
    expect(result.structuredContent).toEqual(contact);
    expect(JSON.parse(textOf(result))).toEqual(contact);
  });

  it("sends the body argument as the JSON request body", async () => {
    hubspotApi.respond = () => ({ status: 201, json: { id: "77", properties: { email: "bo@example.com" } } });
    const body = { properties: { email: "bo@example.com", firstname: "Bo" } };
    const result = await call(hubspot, "create_contact", { body });
    expect(result.isError).toBeFalsy();
    const [request] = hubspotApi.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/crm/v3/objects/contacts");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual(body);
    expect(result.structuredContent).toMatchObject({ id: "77" });
  });

  it("encodes path parameters and wraps JSON arrays for structuredContent", async () => {
    hubspotApi.respond = () => ({ json: [{ id: 1 }, { id: 2 }] });
    const result = await call(hubspot, "get_contact", { contactId: "a/b c?" });
    expect(hubspotApi.requests[0]?.path).toBe("/crm/v3/objects/contacts/a%2Fb%20c%3F");
    expect(result.structuredContent).toEqual({ items: [{ id: 1 }, { id: 2 }] });
  });

  it("turns upstream errors into isError results with status and the provider's message", async () => {
    hubspotApi.respond = () => ({
      status: 404,
      json: { status: "error", message: "resource not found", category: "OBJECT_NOT_FOUND" },
    });
    const notFound = await call(hubspot, "get_contact", { contactId: "404" });
    expect(notFound).toMatchObject({ isError: true });
    expect(textOf(notFound)).toBe("HubSpot answered HTTP 404: resource not found");
    hubspotApi.respond = () => ({ status: 500, text: "Internal trouble" });
    const broken = await call(hubspot, "create_contact", { body: { properties: {} } });
    expect(textOf(broken)).toBe("HubSpot answered HTTP 500: Internal trouble");
  });

  it("tells the user to reconnect when HubSpot refuses the token", async () => {
    hubspotApi.respond = () => ({ status: 401, json: { message: "Authentication credentials not found." } });
    const result = await call(hubspot, "list_deals", {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /^HubSpot answered HTTP 401: Authentication credentials not found\. .*reconnect HubSpot/,
    );
  });

  it("retries an idempotent GET on 503 and succeeds", async () => {
    let n = 0;
    hubspotApi.respond = () =>
      ++n < 3 ? { status: 503, json: { message: "busy" } } : { json: { results: [] } };
    const result = await call(hubspot, "list_contacts", { limit: 5 });
    expect(result.isError).toBeFalsy();
    expect(hubspotApi.requests).toHaveLength(3);
    expect(result.structuredContent).toEqual({ results: [] });
  });

  it("never retries a POST, even a read-only search", async () => {
    hubspotApi.respond = () => ({ status: 503, json: { message: "busy" } });
    const search = await call(hubspot, "search_contacts", { body: { query: "ana" } });
    expect(textOf(search)).toBe("HubSpot answered HTTP 503: busy");
    const create = await call(hubspot, "create_contact", {
      body: { properties: { email: "x@example.com" } },
    });
    expect(create.isError).toBe(true);
    expect(hubspotApi.requests.map((r) => r.method)).toEqual(["POST", "POST"]);
  });

  it("does not wait for a Retry-After longer than the cap", async () => {
    hubspotApi.respond = () => ({
      status: 429,
      json: { message: "slow down" },
      headers: { "retry-after": "120" },
    });
    const started = Date.now();
    const result = await call(hubspot, "list_companies", {});
    expect(textOf(result)).toBe("HubSpot answered HTTP 429: slow down");
    expect(hubspotApi.requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("gives up at its time limit with a clear message", async () => {
    hubspotApi.respond = () => ({ delayMs: 3000, json: {} });
    const started = Date.now();
    const result = await call(hubspot, "get_contact", { contactId: "1" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(`HubSpot did not answer within ${(TOOL_TIMEOUT_MS * 0.9) / 1000} s.`);
    expect(Date.now() - started).toBeLessThan(TOOL_TIMEOUT_MS + 500);
  });

  it("stops when the caller cancels", async () => {
    hubspotApi.respond = () => ({ delayMs: 3000, json: {} });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await call(hubspot, "get_contact", { contactId: "1" }, controller.signal);
    expect(textOf(result)).toBe("The call was cancelled.");
  });

  it("caps large answers and drops structuredContent when it truncates", async () => {
    const results = Array.from({ length: 3000 }, (_, i) => ({
      id: String(i),
      properties: { note: "x".repeat(40) },
    }));
    hubspotApi.respond = () => ({ json: { results } });
    const result = await call(hubspot, "list_contacts", {});
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toBeUndefined();
    const text = textOf(result);
    expect(text).toContain("[Truncated: the answer was larger than 100 KB.");
    expect(Buffer.byteLength(text.slice(0, text.indexOf("\n\n[Truncated")))).toBe(MAX_RESULT_BYTES);
  });

  it("refuses bad arguments without calling HubSpot", async () => {
    const missing = await call(hubspot, "get_contact", {});
    expect(textOf(missing)).toMatch(/^Invalid arguments for get_contact: .*contactId/);
    const wrongType = await call(hubspot, "list_contacts", { limit: "ten" });
    expect(textOf(wrongType)).toMatch(/^Invalid arguments for list_contacts: .*limit.*integer/);
    const unknown = await call(hubspot, "list_contacts", { colour: "red" });
    expect(unknown.isError).toBe(true);
    const tooMany = await call(hubspot, "list_contacts", { limit: 500 });
    expect(tooMany.isError).toBe(true);
    const unknownTool = await call(hubspot, "delete_everything", {});
    expect(textOf(unknownTool)).toBe("Unknown tool delete_everything for HubSpot.");
    expect(hubspotApi.requests).toHaveLength(0);
  });
});

describe("RAYNET over an API-token connection", () => {
  it("sends basic auth and the instance name with the documented query", async () => {
    const page = { success: "true", totalCount: 1, data: [{ id: 42, name: "Steelworks" }] };
    raynetApi.respond = () => ({ json: page });
    const result = await call(raynet, "list_companies", {
      fulltext: "steel",
      "name[LIKE]": "%steel%",
      limit: 20,
    });
    expect(result.isError).toBeFalsy();
    const [request] = raynetApi.requests;
    expect(request?.method).toBe("GET");
    expect(request?.path).toBe("/api/v2/company/");
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      limit: "20",
      fulltext: "steel",
      "name[LIKE]": "%steel%",
    });
    expect(request?.headers.authorization).toBe(basicAuth(RAYNET.email, RAYNET.apiKey));
    expect(request?.headers["x-instance-name"]).toBe(RAYNET.namespace);
    expect(result.structuredContent).toEqual(page);
  });

  it("reads one record by id", async () => {
    raynetApi.respond = () => ({ json: { success: "true", data: { id: 42 } } });
    await call(raynet, "get_company", { companyId: 42 });
    expect(raynetApi.requests[0]?.path).toBe("/api/v2/company/42/");
  });

  it("does not retry RAYNET's PUT that creates a record", async () => {
    raynetApi.respond = () => ({ status: 503, json: { success: false, translatedMessage: "Maintenance" } });
    const body = { name: "Steelworks", rating: "A", state: "A_POTENTIAL", role: "A_SUBSCRIBER" };
    const result = await call(raynet, "create_company", { body });
    expect(textOf(result)).toBe("Raynet answered HTTP 503: Maintenance");
    expect(raynetApi.requests).toHaveLength(1);
    expect(raynetApi.requests[0]?.method).toBe("PUT");
    expect(JSON.parse(raynetApi.requests[0]?.body ?? "")).toEqual(body);
  });
});

describe("connections", () => {
  it("reports a missing connection", async () => {
    const result = await call({ organizationId: world.orgB.id, integrationId: "hubspot" }, "list_deals", {});
    expect(result).toEqual({ isError: true, content: [{ type: "text", text: "HubSpot is not connected." }] });
  });

  it("reports a disconnected connection with its reason and sends nothing", async () => {
    await world.ownerA.caller.integrations.connections.disconnect({
      organizationId: world.orgA.id,
      provider: "raynet",
    });
    const result = await call(raynet, "list_companies", {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Disconnected/);
    expect(raynetApi.requests).toHaveLength(0);
  });
});
