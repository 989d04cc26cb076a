// The OpenAPI engine against local fake providers: the exact requests HubSpot (OAuth), RAYNET (API
// token), Caflou, Jira and Google (service account) receive, and missing or broken connections.
// Failure handling (upstream errors, retries, timeouts, size cap, bad arguments): openapi-engine-failures.test.ts.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { openApiEngine } from "~/server/integrations/engine/openapi/openapi-engine.ts";
import { basicAuth } from "../fakes/api-provider.ts";
import { RAYNET, startOpenApiWorld, textOf } from "./openapi-world.ts";

const w = await startOpenApiWorld();
afterAll(() => w.close());
beforeEach(() => w.reset());

describe("listing", () => {
  it("offers the document's tools without touching the network", async () => {
    const tools = await openApiEngine.listTools(w.app, w.hubspot);
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
    expect(get?.inputSchema).toMatchObject({ type: "object", required: ["id"] });
    expect(w.hubspotApi.requests).toHaveLength(0);
    expect(
      await openApiEngine.listTools(w.app, { organizationId: w.world.orgA.id, integrationId: "exa" }),
    ).toEqual([]);
  });
});

describe("HubSpot over an OAuth connection", () => {
  it("sends exactly the documented request with the connection's bearer token", async () => {
    const contact = { id: "51", properties: { email: "ana@example.com", firstname: "Ana" } };
    w.hubspotApi.respond = () => ({ json: contact });
    const result = await w.call(w.hubspot, "list_contacts", {
      limit: 1,
      properties: ["email", "firstname"],
      archived: false,
    });
    expect(result.isError).toBeFalsy();
    expect(w.hubspotApi.requests).toHaveLength(1);
    const [request] = w.hubspotApi.requests;
    expect(request?.method).toBe("GET");
    expect(request?.path).toBe("/crm/v3/objects/contacts");
    expect([...(request?.query ?? [])]).toEqual([
      ["limit", "1"],
      ["properties", "email,firstname"],
      ["archived", "false"],
    ]);
    expect(request?.headers.authorization).toBe(`Bearer ${w.hubspotToken()}`);
    expect(result.structuredContent).toEqual(contact);
    expect(JSON.parse(textOf(result))).toEqual(contact);
  });

  it("sends the body argument as the JSON request body", async () => {
    w.hubspotApi.respond = () => ({
      status: 201,
      json: { id: "77", properties: { email: "bo@example.com" } },
    });
    const body = { properties: { email: "bo@example.com", firstname: "Bo" } };
    const result = await w.call(w.hubspot, "create_contact", body);
    expect(result.isError).toBeFalsy();
    const [request] = w.hubspotApi.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/crm/v3/objects/contacts");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual(body);
    expect(result.structuredContent).toMatchObject({ id: "77" });
  });

  it("encodes path parameters and wraps JSON arrays for structuredContent", async () => {
    w.hubspotApi.respond = () => ({ json: { id: "a/b c?" } });
    await w.call(w.hubspot, "get_contact", { id: "a/b c?", properties: ["email"] });
    expect(w.hubspotApi.requests[0]?.path).toBe("/crm/v3/objects/contacts/a%2Fb%20c%3F");
    w.hubspotApi.respond = () => ({ json: [{ id: 1 }, { id: 2 }] });
    const result = await w.call(w.hubspot, "list_deals", {});
    expect(result.structuredContent).toEqual({ items: [{ id: 1 }, { id: 2 }] });
  });
});

describe("RAYNET over an API-token connection", () => {
  it("sends basic auth and the instance name with the documented query", async () => {
    const page = { success: "true", totalCount: 1, data: [{ id: 42, name: "Steelworks" }] };
    w.raynetApi.respond = () => ({ json: page });
    const result = await w.call(w.raynet, "list_companies", {
      fulltext: "steel",
      filters: [{ attribute: "name", operator: "LIKE", value: "%steel%" }],
      limit: 20,
    });
    expect(result.isError).toBeFalsy();
    const [request] = w.raynetApi.requests;
    expect(request?.method).toBe("GET");
    expect(request?.path).toBe("/api/v2/company/");
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      offset: "0",
      limit: "20",
      fulltext: "steel",
      "name[LIKE]": "%steel%",
    });
    expect(request?.headers.authorization).toBe(basicAuth(RAYNET.email, RAYNET.apiKey));
    expect(request?.headers["x-instance-name"]).toBe(RAYNET.namespace);
    expect(result.structuredContent).toEqual({ totalCount: 1, data: page.data });
  });

  it("reads one record by id", async () => {
    w.raynetApi.respond = () => ({ json: { success: "true", data: { id: 42 } } });
    await w.call(w.raynet, "get_company", { id: 42 });
    expect(w.raynetApi.requests[0]?.path).toBe("/api/v2/company/42/");
  });

  it("does not retry RAYNET's PUT that creates a record", async () => {
    w.raynetApi.respond = () => ({ status: 503, json: { success: false, translatedMessage: "Maintenance" } });
    const body = { name: "Steelworks", rating: "A", state: "A_POTENTIAL", role: "A_SUBSCRIBER" };
    const result = await w.call(w.raynet, "create_company", body);
    expect(textOf(result)).toBe("Raynet answered HTTP 503: Maintenance");
    expect(w.raynetApi.requests).toHaveLength(1);
    expect(w.raynetApi.requests[0]?.method).toBe("PUT");
    expect(JSON.parse(w.raynetApi.requests[0]?.body ?? "")).toEqual(body);
  });
});

describe("other credential flows", () => {
  const save = (
    provider: "caflou" | "atlassian",
    authFlow: "api-token",
    values: Record<string, string | number>,
  ) =>
    w.world.ownerB.caller.integrations.credentials.saveOrganizationCredential({
      organizationId: w.world.orgB.id,
      provider,
      authFlow,
      values,
    });

  it("Caflou: logs in at the user's base URL (through the SSRF guard), the account id in the path", async () => {
    const respond = w.otherApi.respond;
    // Caflou's login answers its token; its lists, an empty page of the documented envelope.
    w.otherApi.respond = (request) =>
      request.path === "/api/v1/login"
        ? { json: { access_token: "caflou-session" } }
        : { json: { results: [], total_results: 0, total_pages: 1, page: 1 } };
    await save("caflou", "api-token", {
      email: "ops@bravo.test",
      password: "caflou-password",
      accountId: "acc 7",
      baseUrl: w.otherApi.url,
    });
    w.otherApi.requests.length = 0;
    const result = await w.call(
      { organizationId: w.world.orgB.id, integrationId: "caflou" },
      "list_companies",
      {
        page: 2,
      },
    );
    w.otherApi.respond = respond;
    expect(result.isError).toBeFalsy();
    const [login, list] = w.otherApi.requests;
    expect([login?.method, login?.path, login?.headers.authorization]).toEqual([
      "POST",
      "/api/v1/login",
      `Basic ${Buffer.from("ops@bravo.test:caflou-password").toString("base64")}`,
    ]);
    expect(list?.path).toBe("/api/v1/acc%207/companies");
    expect(list?.query.get("page")).toBe("2");
    expect(list?.headers.authorization).toBe("Bearer caflou-session");
  });

  it("Jira with an Atlassian API token: basic auth sent to the site's own address", async () => {
    await save("atlassian", "api-token", {
      email: "dev@bravo.test",
      apiToken: "atl-token",
      siteUrl: `${w.otherApi.url}/jira/your-work`,
    });
    w.otherApi.requests.length = 0;
    await w.call({ organizationId: w.world.orgB.id, integrationId: "jira" }, "search_issues", {
      jql: "project = OPS",
      fields: ["summary", "status"],
    });
    const [request] = w.otherApi.requests;
    expect(request?.path).toBe("/rest/api/3/search/jql");
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      jql: "project = OPS",
      fields: "summary,status",
    });
    expect(request?.headers.authorization).toBe(basicAuth("dev@bravo.test", "atl-token"));
  });
  // Google service accounts (a JSON key, minted tokens): google-auth.test.ts.
});

describe("Jira over an Atlassian OAuth connection", () => {
  it("stores the only site at connect and calls it through the gateway with the bearer token", async () => {
    const { id: organizationId } = await w.world.ownerB.caller.organization.create({ name: "Atlassian Org" });
    w.otherApi.respond = (request) =>
      request.path === "/oauth/token/accessible-resources"
        ? { json: [{ id: "cloud-9", name: "acme", url: "https://acme.atlassian.net" }] }
        : { json: { key: "OPS-1" } };
    await w.connectOAuth(w.world.ownerB, organizationId, "jira");
    const jira = { organizationId, integrationId: "jira" } as const;
    const first = await w.call(jira, "get_issue", { issueIdOrKey: "OPS-1", fields: ["summary"] });
    await w.call(jira, "get_issue", { issueIdOrKey: "OPS-2" });
    expect(first.structuredContent).toEqual({ key: "OPS-1" });
    expect(w.otherApi.requests.map((r) => r.path)).toEqual([
      "/oauth/token/accessible-resources",
      "/ex/jira/cloud-9/rest/api/3/issue/OPS-1",
      "/ex/jira/cloud-9/rest/api/3/issue/OPS-2",
    ]);
    expect(w.otherApi.requests[1]?.headers.authorization).toBe(`Bearer ${w.atlassianToken()}`);
  });
});

describe("connections", () => {
  it("reports a missing connection", async () => {
    const result = await w.call(
      { organizationId: w.world.orgB.id, integrationId: "pipedrive" },
      "list_deals",
      {},
    );
    expect(result).toEqual({
      isError: true,
      content: [{ type: "text", text: "Pipedrive is not connected." }],
    });
  });

  it("reports a disconnected connection with its reason and sends nothing", async () => {
    await w.world.ownerA.caller.integrations.connections.disconnect({
      organizationId: w.world.orgA.id,
      provider: "raynet",
    });
    const result = await w.call(w.raynet, "list_companies", {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Disconnected/);
    expect(w.raynetApi.requests).toHaveLength(0);
  });
});
