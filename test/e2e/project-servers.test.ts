// The acceptance path of project servers, in Chromium against the production build with local fakes
// for every provider: HubSpot connected through its OAuth flow (authorize, token, refresh), RAYNET and
// Exa with API keys, all three added to a project on its servers page, a tool switched off and gone
// from /mcp, then an SDK MCP client calling a tool of each server over HTTP — each fake receiving
// exactly the expected request — and one tool run from the playground.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { basicAuth } from "../fakes/api-provider.ts";
import { type FakeOAuthProvider, startFakeOAuthProvider } from "../fakes/oauth-provider.ts";
import { type RemoteMcpFake, startRemoteMcpFake } from "../fakes/remote-mcp-server.ts";
import { type FakeRestProvider, startFakeRestProvider } from "../fakes/rest-provider.ts";
import { HttpClient } from "../support/http-client.ts";
import { type RunningServer, SERVER_HOOK_TIMEOUT, startServer } from "../support/server.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, signedInPage, test } from "./support/browser.ts";
import { hydrated, poll, toastWith, visible } from "./support/page-helpers.ts";

const HUBSPOT_APP = { clientId: "e2e-hubspot-app", clientSecret: "e2e-hubspot-secret-0000000001" };
const RAYNET = { email: "ops@acme.test", apiKey: "raynet-e2e-key-0000004242", namespace: "acme" };
const EXA_KEY = "exa-e2e-key-0000007777";
const CONTACT = { id: "51", properties: { email: "ana@example.com", firstname: "Ana" } };

let own: RunningServer;
let hubspotAuth: FakeOAuthProvider;
let hubspotApi: FakeRestProvider;
let raynetApi: FakeRestProvider;
let exa: RemoteMcpFake;

beforeAll(async () => {
  // Tokens live 30 s, under the 60 s refresh margin: the first API call already refreshes.
  hubspotAuth = await startFakeOAuthProvider({
    clients: { [HUBSPOT_APP.clientId]: HUBSPOT_APP.clientSecret },
    expiresIn: 30,
  });
  hubspotApi = await startFakeRestProvider();
  hubspotApi.respond = (request) =>
    request.method === "POST" ? { status: 201, json: { id: "77" } } : { json: CONTACT };
  raynetApi = await startFakeRestProvider();
  raynetApi.respond = () => ({
    json: { success: "true", totalCount: 1, data: [{ id: 42, name: "Steelworks" }] },
  });
  exa = await startRemoteMcpFake({
    auth: { header: "x-api-key", value: EXA_KEY },
    tools: [
      {
        name: "web_search_exa",
        title: "Web search",
        description: "Search the web with Exa and return the most relevant pages with their text.",
        inputSchema: {
          type: "object",
          properties: { query: { type: "string", description: "What to search for" } },
          required: ["query"],
        },
        handle: (args) => ({ content: [{ type: "text", text: `Results for ${String(args.query)}` }] }),
      },
      {
        name: "crawling_exa",
        title: "Crawl page",
        description: "Fetch the full text of one web page by URL through Exa.",
        inputSchema: { type: "object", properties: { url: { type: "string" } }, required: ["url"] },
      },
    ],
  });
  own = await startServer({
    env: {
      ALLOW_PRIVATE_URLS: "true",
      INTEGRATION_ENDPOINTS: JSON.stringify({
        hubspot: {
          authorizeUrl: hubspotAuth.authorizeUrl,
          tokenUrl: hubspotAuth.tokenUrl,
          revokeUrl: hubspotAuth.revokeUrl,
          apiBaseUrl: hubspotApi.url,
        },
        raynet: { apiBaseUrl: `${raynetApi.url}/api/v2` },
        exa: { mcpUrl: exa.url },
      }),
    },
  });
}, SERVER_HOOK_TIMEOUT);

afterAll(async () => {
  await own?.stop();
  await Promise.all([hubspotAuth?.close(), hubspotApi?.close(), raynetApi?.close(), exa?.close()]);
});

async function openEditor(page: Page, organizationId: string, integrationId: string, title: RegExp) {
  await page.goto(`/app/organization/${organizationId}/integrations?editIntegration=${integrationId}`);
  const dialog = page.getByRole("dialog", { name: title });
  await visible(dialog);
  return dialog;
}

async function connectInBrowser(page: Page, organizationId: string) {
  const hubspot = await openEditor(page, organizationId, "hubspot", /HubSpot · HubSpot credentials/);
  await (await hydrated(hubspot.getByLabel("Client ID"))).fill(HUBSPOT_APP.clientId);
  await hubspot.getByLabel("Client secret").fill(HUBSPOT_APP.clientSecret);
  await hubspot.getByRole("button", { name: "Save", exact: true }).click();
  await toastWith(page, "HubSpot OAuth credentials saved");
  // To the provider and back: the fake consents at once and redirects to Portico's callback.
  await hubspot.getByRole("button", { name: "Connect HubSpot" }).click();
  await page.waitForURL((url) => url.searchParams.get("editIntegration") === "hubspot");
  await visible(
    page
      .getByRole("dialog")
      .getByRole("region", { name: "Connection" })
      .getByText("Connected", { exact: true }),
  );

  const raynet = await openEditor(page, organizationId, "raynet", /Raynet CRM · Raynet credentials/);
  await (await hydrated(raynet.getByLabel("Email"))).fill(RAYNET.email);
  await raynet.getByLabel("API Key").fill(RAYNET.apiKey);
  await raynet.getByLabel("Namespace").fill(RAYNET.namespace);
  await raynet.getByRole("button", { name: "Save", exact: true }).click();
  await toastWith(page, "Raynet API token credentials saved");

  const exaEditor = await openEditor(page, organizationId, "exa", /Exa · Exa credentials/);
  await (await hydrated(exaEditor.getByLabel("MCP API key"))).fill(EXA_KEY);
  await exaEditor.getByRole("button", { name: "Save", exact: true }).click();
  await toastWith(page, "Exa API token credentials saved");
}

async function addServer(page: Page, name: string) {
  await page.getByRole("button", { name: "Add server" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add server" });
  await (await hydrated(dialog.getByRole("button", { name: `Add ${name}` }))).click();
  await dialog.getByRole("button", { name: "Add server" }).click();
  await toastWith(page, `${name} added`);
  await visible(page.getByTestId(`server-${name}`));
}

test("connect, add servers, switch a tool off, call each server's tool over /mcp, use the playground", {
  timeout: 180_000,
}, async ({ browser }) => {
  const owner = new HttpClient(own.baseUrl);
  await owner.signUp(newUser("servers-owner"));
  const organization = await owner.mutate<{ id: string }>("organization.create", { name: "Servers Org" });
  const project = await owner.mutate<{ id: string }>("project.create", {
    organizationId: organization.id,
    name: "Sales agent",
  });
  const key = await owner.mutate<{ secret: string }>("apiKeys.create", {
    projectId: project.id,
    name: "Agent",
  });

  const { context, page, errors } = await signedInPage(browser, own.baseUrl, owner);

  await connectInBrowser(page, organization.id);

  await page.goto(`/app/project/${project.id}/servers`);
  await visible(page.getByRole("heading", { name: "No servers yet" }));
  await hydrated(page.getByRole("button", { name: "Add server" }).first());
  await screenshot(page, "servers-01-empty");
  await addServer(page, "HubSpot");
  await addServer(page, "Raynet CRM");
  await addServer(page, "Exa");
  await screenshot(page, "servers-02-added");

  const mcp = new Client({ name: "e2e-agent", version: "1.0.0" });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(`${own.baseUrl}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key.secret}` } },
    }),
  );
  const listed = async () => (await mcp.listTools()).tools.map((tool) => tool.name);
  expect(await listed()).toEqual(
    expect.arrayContaining([
      "hubspot_get_contact",
      "raynet_list_companies",
      "exa_web_search_exa",
      "exa_crawling_exa",
    ]),
  );

  // Switch one Exa tool off: it leaves /mcp at once.
  const exaCard = page.getByTestId("server-Exa");
  await exaCard.getByRole("button", { name: "Show tools" }).click();
  const crawlSwitch = exaCard.getByRole("switch", { name: /exa_crawling_exa/ });
  await (await hydrated(crawlSwitch)).click();
  await toastWith(page, "Crawl page disabled");
  await poll(() => crawlSwitch.getAttribute("aria-checked")).toBe("false");
  expect(await listed()).not.toContain("exa_crawling_exa");
  await visible(exaCard.getByText("1 of 2 tools on"));
  await screenshot(page, "servers-03-tool-off");

  // HubSpot (OAuth): the token is refreshed first, then the documented request carries the new one.
  const contact = await mcp.callTool({
    name: "hubspot_get_contact",
    arguments: { id: "51", properties: ["email", "firstname"] },
  });
  expect(contact.isError).toBeFalsy();
  expect(contact.structuredContent).toEqual(CONTACT);
  expect(hubspotAuth.refreshRequests.length).toBeGreaterThanOrEqual(1);
  const latestAccess = hubspotAuth.issued.filter((token) => token.includes("access-token")).at(-1);
  const [read] = hubspotApi.requests.slice(-1);
  expect(read?.method).toBe("GET");
  expect(read?.path).toBe("/crm/v3/objects/contacts/51");
  expect([...(read?.query ?? [])]).toEqual([["properties", "email,firstname"]]);
  expect(read?.headers.authorization).toBe(`Bearer ${latestAccess}`);
  expect(read?.body).toBe("");

  const body = { properties: { email: "bo@example.com", firstname: "Bo" } };
  const created = await mcp.callTool({ name: "hubspot_create_contact", arguments: body });
  expect(created.isError).toBeFalsy();
  const [write] = hubspotApi.requests.slice(-1);
  expect(write?.method).toBe("POST");
  expect(write?.path).toBe("/crm/v3/objects/contacts");
  expect([...(write?.query ?? [])]).toEqual([]);
  expect(write?.headers.authorization).toMatch(/^Bearer .*access-token/);
  expect(JSON.parse(write?.body ?? "")).toEqual(body);

  // RAYNET (API token): basic auth and the instance header, the documented query.
  const companies = await mcp.callTool({
    name: "raynet_list_companies",
    arguments: { fulltext: "steel", limit: 20 },
  });
  expect(companies.isError).toBeFalsy();
  const raynetChecks = raynetApi.requests.length;
  const [list] = raynetApi.requests.slice(-1);
  expect(raynetChecks).toBeGreaterThanOrEqual(2);
  expect(list?.method).toBe("GET");
  expect(list?.path).toBe("/api/v2/company/");
  expect(Object.fromEntries(list?.query ?? [])).toEqual({ offset: "0", limit: "20", fulltext: "steel" });
  expect(list?.headers.authorization).toBe(basicAuth(RAYNET.email, RAYNET.apiKey));
  expect(list?.headers["x-instance-name"]).toBe(RAYNET.namespace);
  expect(list?.body).toBe("");

  // Exa (remote MCP): the call forwarded with the stored key, nothing of the agent's own token.
  const search = await mcp.callTool({ name: "exa_web_search_exa", arguments: { query: "acme corp" } });
  expect(search.content).toEqual([{ type: "text", text: "Results for acme corp" }]);
  const [forwarded] = exa.calls("tools/call").slice(-1);
  expect(forwarded?.method).toBe("POST");
  expect(forwarded?.headers["x-api-key"]).toBe(EXA_KEY);
  expect(forwarded?.headers.authorization).toBeUndefined();
  expect(forwarded?.params).toEqual({ name: "web_search_exa", arguments: { query: "acme corp" } });
  await mcp.close();

  // The playground: a form from the input schema, inline validation, the result and its time.
  await exaCard.getByRole("button", { name: "Try Web search" }).click();
  const playground = page.getByRole("dialog", { name: "Try Web search" });
  const run = await hydrated(playground.getByRole("button", { name: "Run tool" }));
  await run.click();
  await visible(playground.getByText("query is required"));
  await playground.getByLabel(/query/).fill("playground");
  await playground.getByLabel(/query/).press("Control+Enter");
  const result = playground.getByTestId("playground-result");
  await visible(result.getByText("Results for playground"));
  await visible(result.getByText("Success"));
  await expect(result.getByTestId("playground-duration").textContent()).resolves.toMatch(
    /^(< 0\.1|\d+(\.\d)?) m?s$/,
  );
  expect(exa.calls("tools/call").at(-1)?.params).toEqual({
    name: "web_search_exa",
    arguments: { query: "playground" },
  });
  await screenshot(page, "servers-04-playground");
  await page.keyboard.press("Escape");

  // The project overview lists the servers with what each contributes now.
  await page.goto(`/app/project/${project.id}`);
  const overviewServers = page.getByRole("list", { name: "Servers" });
  await visible(overviewServers.getByText("Exa"));
  await visible(overviewServers.getByText("1 of 2 tools on"));

  // The organization overview counts each connected integration's tools.
  await page.goto(`/app/organization/${organization.id}`);
  await visible(page.getByText("2 tools", { exact: true }));
  expect(errors).toEqual([]);
  await context.close();
});
