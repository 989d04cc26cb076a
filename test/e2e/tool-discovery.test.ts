// Tool discovery through the real UI and the real /mcp: an owner switches "Let agents search for
// tools" on in the project's settings, and the official SDK client then sees search_tools and
// call_tool only, finds a tool and runs it; a pinned tool is listed beside them; switched off, every
// tool is listed again.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { HttpClient } from "../support/http-client.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, signUpInto, test } from "./support/browser.ts";
import { hydrated, STEP_TIMEOUT, toastWith, visible } from "./support/page-helpers.ts";

test("switch tool search on in the settings and use it from an MCP client", { timeout: 120_000 }, async ({
  page,
  context,
  server,
}) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  await page.setViewportSize({ width: 390, height: 844 });
  const owner = newUser("discovery");
  await signUpInto(context, server.baseUrl, owner);
  const http = new HttpClient(server.baseUrl);
  await http.signIn(owner);
  const organization = await http.mutate<{ id: string }>("organization.create", { name: "Search Inc" });
  const project = await http.mutate<{ id: string }>("project.create", {
    organizationId: organization.id,
    name: "Many tools",
  });
  const { secret } = await http.mutate<{ secret: string }>("apiKeys.create", {
    projectId: project.id,
    name: "Agent",
  });
  const client = new Client({ name: "e2e-agent", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${secret}` } },
    }),
  );
  expect((await client.listTools()).tools).toHaveLength(5);

  await page.goto(`/app/project/${project.id}/settings`);
  const toggle = await hydrated(page.getByRole("switch", { name: "Let agents search for tools" }));
  expect(await toggle.getAttribute("aria-checked")).toBe("false");
  await toggle.click();
  await toastWith(page, "Tool search turned on");
  expect(await toggle.getAttribute("aria-checked")).toBe("true");
  await screenshot(page, "project-settings-tool-discovery-phone");

  expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["search_tools", "call_tool"]);
  const found = await client.callTool({
    name: "search_tools",
    arguments: { query: "work out a percentage" },
  });
  expect((found.structuredContent as { tools: Array<{ name: string }> }).tools[0]?.name).toBe("calculate");
  const result = await client.callTool({
    name: "call_tool",
    arguments: { name: "calculate", arguments: { expression: "19 * 21" } },
  });
  expect(result.structuredContent).toEqual({ expression: "19 * 21", result: 399 });

  // Pinned tools are listed beside the two; a wrong name is said in place and nothing is saved.
  const pinned = page.getByLabel("Always listed tools");
  await pinned.fill("calculate, Not A Tool");
  await pinned.press("Enter");
  await visible(page.getByText('"Not" is not a tool name'));
  expect((await client.listTools()).tools).toHaveLength(2);
  await pinned.fill("calculate");
  // The Save of the pinned tools' own form (the settings page has several forms).
  await page.locator("form").filter({ has: pinned }).getByRole("button", { name: "Save" }).click();
  await toastWith(page, "Pinned tools saved");
  expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
    "search_tools",
    "call_tool",
    "calculate",
  ]);
  await screenshot(page, "project-settings-pinned-tools-phone");

  await toggle.click();
  await toastWith(page, "Tool search turned off");
  expect((await client.listTools()).tools).toHaveLength(5);
  await client.close();
});
