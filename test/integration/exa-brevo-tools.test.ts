// Exa's and Brevo's own MCP servers behind /mcp, against remote MCP fakes that publish the tools the
// providers document: Exa asked for every current tool with its `tools` URL parameter and its key in
// x-api-key, Brevo's MCP token as a Bearer header; calls forwarded as they were made, and a refused
// key stated clearly (neither provider's key expires, so there is nothing to refresh: see REFERENCES.md).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EXA_TOOLS } from "~/integrations/_providers/exa.ts";
import { type FakeTool, type RemoteMcpFake, startRemoteMcpFake } from "../fakes/remote-mcp-server.ts";
import { startApiTokenWorld } from "./api-token-world.ts";
import { textOf } from "./crm-world.ts";

const EXA_KEY = "exa-key-0123456789";
const BREVO_TOKEN = "mcp_token_abc123000456ghi789";

// As Exa's server publishes them (https://github.com/exa-labs/exa-mcp-server#available-tools).
const exaTools: FakeTool[] = [
  {
    name: "web_search_exa",
    description: "Search the web for any topic and get clean, ready-to-use content.",
    inputSchema: {
      type: "object",
      properties: { query: { type: "string" }, numResults: { type: "number" } },
      required: ["query"],
    },
    annotations: { readOnlyHint: true, openWorldHint: true },
    handle: (args) => ({
      content: [{ type: "text", text: `Results for ${String(args.query)}: https://example.org/a` }],
    }),
  },
  {
    name: "web_fetch_exa",
    description: "Read a webpage's full content as clean markdown from one or more URLs.",
    inputSchema: { type: "object", properties: { urls: { type: "array", items: { type: "string" } } } },
    annotations: { readOnlyHint: true },
    handle: (args) => ({
      content: [{ type: "text", text: `# Page\nFetched ${(args.urls as string[]).join(", ")}` }],
    }),
  },
  {
    name: "web_search_advanced_exa",
    description: "Advanced search with filters, domains, dates, highlights, summaries, and subpage crawling.",
    inputSchema: {
      type: "object",
      properties: { query: { type: "string" }, includeDomains: { type: "array", items: { type: "string" } } },
    },
    annotations: { readOnlyHint: true },
  },
  {
    name: "agent_run",
    description: "Run an Exa Agent for multi-step research, list-building, enrichment and structured output.",
    inputSchema: { type: "object", properties: { instructions: { type: "string" } } },
  },
];
const brevoTools: FakeTool[] = [
  {
    name: "contacts_get_contacts",
    description: "Get all the contacts.",
    inputSchema: { type: "object", properties: { limit: { type: "number" }, offset: { type: "number" } } },
    handle: () => ({ content: [{ type: "text", text: '{"contacts":[],"count":0}' }] }),
  },
  {
    name: "contacts_create_contact",
    description: "Create a contact.",
    inputSchema: { type: "object", properties: { email: { type: "string" } }, required: ["email"] },
  },
];

let exa: RemoteMcpFake;
let brevo: RemoteMcpFake;
let exaWorld: Awaited<ReturnType<typeof startApiTokenWorld>>;
let brevoWorld: Awaited<ReturnType<typeof startApiTokenWorld>>;

beforeAll(async () => {
  exa = await startRemoteMcpFake({
    tools: exaTools,
    auth: { header: "x-api-key", value: EXA_KEY },
    pageSize: 3,
  });
  brevo = await startRemoteMcpFake({
    tools: brevoTools,
    auth: { header: "authorization", value: `Bearer ${BREVO_TOKEN}` },
  });
  exaWorld = await startApiTokenWorld({
    provider: "exa",
    integrationId: "exa",
    values: { mcpApiKey: EXA_KEY },
    endpoints: { mcpUrl: exa.url },
    env: { ALLOW_PRIVATE_URLS: "true" },
  });
  brevoWorld = await startApiTokenWorld({
    provider: "brevo",
    integrationId: "brevo",
    values: { mcpApiKey: BREVO_TOKEN },
    endpoints: { mcpUrl: brevo.url },
    env: { ALLOW_PRIVATE_URLS: "true" },
  });
});
afterAll(async () => {
  await exaWorld?.close();
  await brevoWorld?.close();
  await exa?.close();
  await brevo?.close();
});
beforeEach(() => {
  exa.auth.value = EXA_KEY;
  brevo.auth.value = `Bearer ${BREVO_TOKEN}`;
});

describe("Exa's MCP server on /mcp", () => {
  it("is asked for every current tool in its URL, with the key in x-api-key", () => {
    expect(EXA_TOOLS).toEqual(["web_search_exa", "web_fetch_exa", "web_search_advanced_exa", "agent_run"]);
    const posts = exa.requests.filter((request) => request.method === "POST");
    expect(posts.length).toBeGreaterThan(0);
    for (const request of posts) {
      expect(request.url).toBe("/mcp?tools=web_search_exa,web_fetch_exa,web_search_advanced_exa,agent_run");
      expect(request.headers["x-api-key"]).toBe(EXA_KEY);
      expect(request.headers.authorization).toBeUndefined();
    }
  });

  it("publishes every tool the server lists (across its pages) with the server's own descriptions", async () => {
    const tools = (await exaWorld.client.listTools()).tools.filter((tool) => tool.name.startsWith("exa_"));
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      ["exa_agent_run", "exa_web_fetch_exa", "exa_web_search_advanced_exa", "exa_web_search_exa"].sort(),
    );
    const search = tools.find((tool) => tool.name === "exa_web_search_exa");
    expect(search?.description).toBe(exaTools[0]?.description);
    expect(search?.inputSchema.required).toEqual(["query"]);
    expect(search?.annotations?.readOnlyHint).toBe(true);
  });

  it("forwards search and fetch calls as made, and answers with the server's content", async () => {
    exa.requests.length = 0;
    const found = await exaWorld.call("exa_web_search_exa", { query: "raynet api", numResults: 3 });
    expect(textOf(found)).toBe("Results for raynet api: https://example.org/a");
    const fetched = await exaWorld.call("exa_web_fetch_exa", { urls: ["https://example.org/a"] });
    expect(textOf(fetched)).toBe("# Page\nFetched https://example.org/a");
    expect(exa.calls("tools/call").map((request) => request.params)).toEqual([
      { name: "web_search_exa", arguments: { query: "raynet api", numResults: 3 } },
      { name: "web_fetch_exa", arguments: { urls: ["https://example.org/a"] } },
    ]);
  });

  it("says clearly when Exa refuses the saved key", async () => {
    exa.auth.value = "another-key";
    const refused = await exaWorld.call("exa_web_search_advanced_exa", { query: "x" });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe(
      "Exa refused the stored MCP API key (HTTP 401). Update it in the organization's integrations.",
    );
  });
});

describe("Brevo's MCP server on /mcp", () => {
  it("publishes Brevo's tools and forwards a call with the MCP token as a Bearer header", async () => {
    const tools = (await brevoWorld.client.listTools()).tools.filter((tool) =>
      tool.name.startsWith("brevo_"),
    );
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      "brevo_contacts_create_contact",
      "brevo_contacts_get_contacts",
    ]);
    brevo.requests.length = 0;
    const result = await brevoWorld.call("brevo_contacts_get_contacts", { limit: 10, offset: 0 });
    expect(textOf(result)).toBe('{"contacts":[],"count":0}');
    const [call] = brevo.calls("tools/call");
    expect(call?.params).toEqual({ name: "contacts_get_contacts", arguments: { limit: 10, offset: 0 } });
    expect(call?.headers.authorization).toBe(`Bearer ${BREVO_TOKEN}`);
    expect(call?.url).toBe("/mcp");
  });

  it("says clearly when Brevo refuses the saved MCP token", async () => {
    brevo.auth.value = "Bearer revoked";
    const refused = await brevoWorld.call("brevo_contacts_create_contact", { email: "ana@example.com" });
    expect(textOf(refused)).toBe(
      "Brevo refused the stored MCP API key (HTTP 401). Update it in the organization's integrations.",
    );
  });
});
