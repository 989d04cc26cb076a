// An API key's life through the real UI and the real /mcp endpoint: create it in the browser, copy the
// secret shown once, use it from the official SDK client, see the call on the project overview,
// switch a standard tool off, revoke the key and watch the client lose access; at 390 px a key copied
// with the button closes its dialog without asking.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { HttpClient } from "../support/http-client.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, signUpInto, test } from "./support/browser.ts";
import { hydrated, poll, STEP_TIMEOUT, toastWith, visible } from "./support/page-helpers.ts";

async function mcpClient(baseUrl: string, secret: string): Promise<Client> {
  const client = new Client({ name: "e2e-agent", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${secret}` } },
    }),
  );
  return client;
}

test("create a key, call a tool with it, see the call, revoke it", { timeout: 120_000 }, async ({
  page,
  context,
  server,
}) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  const owner = newUser("keys");
  await signUpInto(context, server.baseUrl, owner);
  const http = new HttpClient(server.baseUrl);
  await http.signIn(owner);
  const organization = await http.mutate<{ id: string }>("organization.create", { name: "Keys Inc" });
  const project = await http.mutate<{ id: string }>("project.create", {
    organizationId: organization.id,
    name: "Helpdesk agent",
  });

  await page.goto(`/app/project/${project.id}/api-keys`);
  await visible(page.getByText("No API keys yet"));
  await (await hydrated(page.getByRole("button", { name: "Create API key" }).first())).click();
  await page.getByLabel("Name").fill("Claude Desktop");
  await page.getByRole("button", { name: "Create key" }).click();
  const secretField = page.getByRole("textbox", { name: "New API key" });
  await visible(secretField);
  const secret = await secretField.inputValue();
  expect(secret).toMatch(/^ptk_[A-Za-z0-9_-]{43}$/);
  await screenshot(page, "api-keys-secret-shown-once");
  // Each client's snippet already holds the new key, ready to paste.
  const dialog = page.getByRole("dialog");
  await visible(dialog.getByTestId("guide-claude-code"));
  expect(await dialog.getByTestId("guide-claude-code").textContent()).toContain(secret);
  await dialog.getByRole("tab", { name: "Cursor" }).click();
  await poll(async () => (await dialog.getByTestId("guide-cursor").textContent()) ?? "").toContain(secret);
  await page.getByRole("button", { name: "Done" }).click();
  // Not copied with the button: the dialog asks before the key is gone (it is in `secret` here).
  await page.getByRole("button", { name: "Close without copying" }).click();
  const row = page.getByRole("row", { name: /Claude Desktop/ });
  await visible(row);
  await expect.poll(() => row.textContent()).toContain(`${secret.slice(0, 12)}…${secret.slice(-4)}`);
  expect(await page.content()).not.toContain(secret);

  // Before any call the overview leads with the setup steps, open.
  await page.goto(`/app/project/${project.id}`);
  const setup = page.locator("details", { hasText: "Connect an agent or another client" });
  await poll(() => setup.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);

  const client = await mcpClient(server.baseUrl, secret);
  const result = await client.callTool({ name: "calculate", arguments: { expression: "19 * 21" } });
  expect(result.structuredContent).toEqual({ expression: "19 * 21", result: 399 });

  await page.goto(`/app/project/${project.id}`);
  await visible(page.getByRole("heading", { name: "Latest calls" }));
  await visible(page.getByRole("cell", { name: /calculate/ }));
  await visible(page.getByRole("img", { name: /1 request and 0 errors/ }));
  await visible(
    page.getByText(/The organization has made 1 request across all its projects this billing period/),
  );
  // With calls, the figures come first and the setup steps fold away below them.
  await poll(() => setup.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
  const top = async (locator: ReturnType<typeof page.locator>) => (await locator.boundingBox())?.y ?? 0;
  expect(await top(page.getByRole("heading", { name: "Latest calls" }))).toBeLessThan(await top(setup));
  await screenshot(page, "project-overview-with-calls");

  await page.goto(`/app/project/${project.id}/servers`);
  await (await hydrated(page.getByRole("switch", { name: /Calculator/ }))).click();
  await toastWith(page, "Calculator disabled");
  expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain("calculate");

  await page.goto(`/app/project/${project.id}/api-keys`);
  await (await hydrated(page.getByRole("button", { name: "Revoke" }))).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke" }).click();
  await visible(
    page
      .getByRole("row", { name: /Claude Desktop/ })
      .getByText("revoked")
      .filter({ visible: true }),
  );
  await expect(client.listTools()).rejects.toThrow(/401|Invalid, expired or revoked token/);
  await client.close();

  // A phone: the secret's dialog fits 390 px, and a key copied with the button closes without asking.
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.baseUrl });
  await page.setViewportSize({ width: 390, height: 844 });
  await (await hydrated(page.getByRole("button", { name: "Create API key" }).first())).click();
  await dialog.getByLabel("Name").fill("Phone agent");
  await dialog.getByRole("button", { name: "Create key" }).click();
  await visible(secretField);
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390, "the dialog fits 390 px").toBe(true);
  await dialog.getByRole("button", { name: "Copy API key" }).click();
  await visible(dialog.getByText("Copied"));
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await secretField.inputValue());
  await screenshot(page, "api-keys-secret-390");
  await page.getByRole("button", { name: "Done" }).click();
  await dialog.waitFor({ state: "detached" });
  await visible(page.getByRole("row", { name: /Phone agent/ }));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
});
