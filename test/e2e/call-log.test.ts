// The call log a person debugs with: an agent makes a good and a bad call over /mcp, the overview's
// "Errors" figure leads to the failed call, its details show the arguments and the error text, and the
// filters (kept in the URL) narrow and widen the list. Also at phone width, where nothing scrolls sideways.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { HttpClient } from "../support/http-client.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, signUpInto, test } from "./support/browser.ts";
import { hydrated, poll, STEP_TIMEOUT, visible, waitForPath } from "./support/page-helpers.ts";

test("from the overview's Errors figure to a failed call's arguments and error", {
  timeout: 120_000,
}, async ({ page, context, server }) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  const owner = newUser("calls");
  await signUpInto(context, server.baseUrl, owner);
  const http = new HttpClient(server.baseUrl);
  await http.signIn(owner);
  const organization = await http.mutate<{ id: string }>("organization.create", { name: "Logs Inc" });
  const project = await http.mutate<{ id: string }>("project.create", {
    organizationId: organization.id,
    name: "Finance bot",
  });
  const key = await http.mutate<{ secret: string }>("apiKeys.create", {
    projectId: project.id,
    name: "Finance agent",
  });
  const client = new Client({ name: "e2e-agent", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key.secret}` } },
    }),
  );
  await client.callTool({ name: "calculate", arguments: { expression: "12 * 12" } });
  const failed = await client.callTool({ name: "calculate", arguments: { expression: "sqrt(" } });
  expect(failed.isError).toBe(true);
  await client.close();

  await page.goto(`/app/project/${project.id}`);
  await (await hydrated(page.getByRole("link", { name: /errors: show the failed calls/ }))).click();
  const url = await waitForPath(page, /\/calls$/);
  expect(url.searchParams.get("status")).toBe("error");
  await visible(page.getByRole("heading", { name: "Call log" }));
  const rows = page.getByRole("row").filter({ hasText: "calculate" });
  await poll(() => rows.count()).toBe(1);
  await screenshot(page, "call-log-failed-calls");

  await (await hydrated(rows.getByRole("button", { name: "calculate" }))).click();
  const dialog = page.getByRole("dialog");
  await visible(dialog.getByText("sqrt("));
  await visible(dialog.getByText(/API key “Finance agent”/));
  await visible(dialog.getByText(owner.email, { exact: false }));
  expect(await dialog.locator("dd").filter({ hasText: "ms" }).count()).toBeGreaterThan(0);
  await screenshot(page, "call-log-call-details");
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await poll(() => rows.count()).toBe(2);
  expect(new URL(page.url()).search).toBe("");

  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Succeeded" }).click();
  await poll(() => rows.count()).toBe(1);
  expect(new URL(page.url()).searchParams.get("status")).toBe("success");

  await page.getByLabel("Tool").fill("no-such-tool");
  await page.getByLabel("Tool").press("Enter");
  await visible(page.getByText("No calls match these filters"));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/app/project/${project.id}/calls`);
  await poll(() => rows.count()).toBe(2);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, "call-log-phone");
});
