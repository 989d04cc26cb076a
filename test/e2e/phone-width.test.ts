// At phone width (375 px): no page scrolls sideways, every app table's row actions are on screen without
// scrolling the table (every page with a table is visited, with rows in it), the overview's client
// tabs wrap, and the landing terminal keeps words whole.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { HttpClient } from "../support/http-client.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, signUpInto, test } from "./support/browser.ts";
import { STEP_TIMEOUT, visible } from "./support/page-helpers.ts";

const WIDTH = 375;

test("phone width: actions reachable, tabs wrap, terminal words whole", { timeout: 120_000 }, async ({
  page,
  context,
  server,
}) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  await page.setViewportSize({ width: WIDTH, height: 844 });
  const owner = newUser("phone");
  await signUpInto(context, server.baseUrl, owner);
  const http = new HttpClient(server.baseUrl);
  await http.signIn(owner);
  const organization = await http.mutate<{ id: string }>("organization.create", { name: "Pocket Co" });
  const project = await http.mutate<{ id: string }>("project.create", {
    organizationId: organization.id,
    name: "Pocket bot",
  });
  // A second member with a long address, so the members table has a row with actions to reach.
  await http.mutate("admin.setOrganizationPlan", {
    organizationId: organization.id,
    plan: "start",
    interval: "monthly",
  });
  const memberUser = { ...newUser("phone-member-with-a-rather-long-address") };
  const member = new HttpClient(server.baseUrl);
  await member.signUp(memberUser);
  const invitation = await http.mutate<{ id: string }>("organizationInvitations.invite", {
    organizationId: organization.id,
    email: memberUser.email,
    role: "member",
  });
  await member.mutate("organizationInvitations.accept", { invitationId: invitation.id });
  const key = await http.mutate<{ secret: string }>("apiKeys.create", {
    projectId: project.id,
    name: "A key with a rather long name",
  });
  // The setup guide's client tabs wrap (the guide folds away once the project has calls).
  await page.goto(`/app/project/${project.id}`);
  const tabs = page.getByRole("tablist").first();
  await visible(tabs);
  expect(await tabs.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);

  // Calls in the log, so the call log and the overview's latest calls have rows.
  const client = new Client({ name: "phone-agent", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key.secret}` } },
    }),
  );
  await client.callTool({ name: "calculate", arguments: { expression: "12 * 12" } });
  await client.close();

  // Every app page with a table (the owner is the instance's first account, so its site admin too).
  const pages = [
    { path: `/app/project/${project.id}/api-keys`, ready: "Keys" },
    { path: `/app/project/${project.id}/calls`, ready: "Call log" },
    { path: `/app/project/${project.id}/settings`, ready: "Settings" },
    { path: `/app/organization/${organization.id}/integrations`, ready: "Integrations" },
    { path: `/app/organization/${organization.id}/members`, ready: "Members" },
    { path: `/app/organization/${organization.id}/billing`, ready: "Billing", rows: false },
    { path: "/app/admin/users", ready: "Users" },
    { path: "/app/admin/auth-sessions", ready: "Sessions" },
    { path: "/app/admin/credentials", ready: "credentials" },
    { path: "/app/admin/billing", ready: "Billing" },
    { path: `/app/project/${project.id}`, ready: "Pocket bot" },
  ];
  for (const { path, ready, rows = true } of pages) {
    await page.goto(path);
    await visible(page.getByRole("heading", { name: ready }).first());
    if (rows) await visible(page.locator("tbody tr").first());
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    const offscreen = await page.evaluate(
      (width) =>
        [...document.querySelectorAll("tbody tr button, tbody tr a")]
          .filter((element) => element.getBoundingClientRect().right > width)
          .map((element) => element.textContent),
      WIDTH,
    );
    expect(offscreen, `${path}: actions off screen`).toEqual([]);
    if (path.endsWith("/members")) {
      await visible(page.getByRole("button", { name: /Remove/ }).first());
    }
    // The members table stacks each member at phone width: nothing in it scrolls sideways.
    if (path.endsWith("/members")) {
      const inner = await page.evaluate(() =>
        [...document.querySelectorAll("table")].map(
          (table) =>
            (table.parentElement as Element).scrollWidth - (table.parentElement as Element).clientWidth,
        ),
      );
      expect(
        inner.every((extra) => extra <= 1),
        `${path}: members table scrolls sideways`,
      ).toBe(true);
    }
    // A table that is still wider than the phone shows a shadow at the edge it scrolls towards.
    const cues = await page.evaluate(() =>
      [...document.querySelectorAll("table")].map(
        (table) => getComputedStyle(table.parentElement as Element).backgroundAttachment,
      ),
    );
    expect(
      cues.every((cue) => cue.includes("local")),
      `${path}: tables without a scroll cue`,
    ).toBe(true);
  }
  await screenshot(page, "phone-project-overview");

  await page.goto("/");
  const terminal = page.locator("pre").first();
  await visible(terminal);
  expect(await terminal.evaluate((element) => getComputedStyle(element).wordBreak)).not.toBe("break-all");
  await screenshot(page, "phone-landing");
});
