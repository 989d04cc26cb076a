// Pinned tools through the real settings page and the real /mcp, at a desktop and a phone width: with
// tool search on, an owner pins a tool in "Always listed tools", an MCP client's tools/list then shows
// it beside search_tools and call_tool, the pin is still there after a reload, and unpinning it (an
// empty field saved) leaves the two meta-tools alone again.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { HttpClient } from "../support/http-client.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, signUpInto, test } from "./support/browser.ts";
import { hydrated, STEP_TIMEOUT, toastWith } from "./support/page-helpers.ts";

for (const { width, height, label } of [
  { width: 1280, height: 900, label: "desktop" },
  { width: 390, height: 844, label: "phone" },
]) {
  test(`pin a tool and unpin it in the settings, as tools/list shows (${width} px)`, {
    timeout: 120_000,
  }, async ({ page, context, server }) => {
    page.setDefaultTimeout(STEP_TIMEOUT);
    await page.setViewportSize({ width, height });
    const owner = newUser(`pinned-${label}`);
    await signUpInto(context, server.baseUrl, owner);
    const http = new HttpClient(server.baseUrl);
    await http.signIn(owner);
    const organization = await http.mutate<{ id: string }>("organization.create", { name: `Pins ${label}` });
    const project = await http.mutate<{ id: string }>("project.create", {
      organizationId: organization.id,
      name: "Pinned",
    });
    const { secret } = await http.mutate<{ secret: string }>("apiKeys.create", {
      projectId: project.id,
      name: "Agent",
    });
    const client = new Client({ name: "e2e-pins", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${secret}` } },
      }),
    );
    const listed = async () => (await client.listTools()).tools.map((tool) => tool.name);

    await page.goto(`/app/project/${project.id}/settings`);
    const toggle = await hydrated(page.getByRole("switch", { name: "Let agents search for tools" }));
    await toggle.click();
    await toastWith(page, "Tool search turned on");
    expect(await listed()).toEqual(["search_tools", "call_tool"]);

    const pinned = page.getByLabel("Always listed tools");
    // The Save of the pinned tools' own form (the settings page has several forms).
    const save = page.locator("form").filter({ has: pinned }).getByRole("button", { name: "Save" });
    await pinned.fill("convert_time");
    await save.click();
    await toastWith(page, "Pinned tools saved");
    expect(await listed()).toEqual(["search_tools", "call_tool", "convert_time"]);
    // The pinned tool runs as listed, without call_tool.
    const converted = await client.callTool({
      name: "convert_time",
      arguments: { time: "2026-12-02T09:00", fromTimezone: "Europe/Prague", toTimezone: "UTC" },
    });
    expect(converted.isError ?? false).toBe(false);
    // 9:00 in Prague in December (CET, UTC+1) is 8:00 UTC.
    expect(JSON.stringify(converted.structuredContent)).toContain("08:00");
    await screenshot(page, `project-settings-pinned-${label}`);

    // Saved, not only shown: a reload reads the pin back from the project.
    await page.reload();
    const again = await hydrated(page.getByLabel("Always listed tools"));
    await expect.poll(() => again.inputValue()).toBe("convert_time");

    await again.fill("");
    await page.locator("form").filter({ has: again }).getByRole("button", { name: "Save" }).click();
    await toastWith(page, "No tool pinned");
    expect(await listed()).toEqual(["search_tools", "call_tool"]);
    await client.close();
  });
}
