// The organization's audit log as an owner reads it: the sidebar leads there, events say who did what,
// older ones load on demand, the action filter narrows the list (and the URL keeps it); a member finds
// no link and is told why the page is closed. At 1280 and 375 px, where nothing scrolls sideways.
import { HttpClient } from "../support/http-client.ts";
import { newUser } from "../support/users.ts";
import { addSessionCookies, expect, screenshot, signUpInto, test } from "./support/browser.ts";
import { hydrated, poll, STEP_TIMEOUT, visible } from "./support/page-helpers.ts";

test("owners read the audit log; members are refused", { timeout: 180_000 }, async ({
  page,
  context,
  browser,
  server,
}) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = newUser("audit-owner");
  await signUpInto(context, server.baseUrl, owner);
  const http = new HttpClient(server.baseUrl);
  await http.signIn(owner);
  const organization = await http.mutate<{ id: string }>("organization.create", { name: "Ledger Co" });
  const project = await http.mutate<{ id: string }>("project.create", {
    organizationId: organization.id,
    name: "Books bot",
  });
  await http.mutate("admin.setOrganizationPlan", {
    organizationId: organization.id,
    plan: "start",
    interval: "monthly",
  });
  const memberUser = newUser("audit-member-with-a-rather-long-address");
  const member = new HttpClient(server.baseUrl);
  await member.signUp(memberUser);
  const invitation = await http.mutate<{ id: string }>("organizationInvitations.invite", {
    organizationId: organization.id,
    email: memberUser.email,
    role: "member",
  });
  await member.mutate("organizationInvitations.accept", { invitationId: invitation.id });
  await http.mutate("apiKeys.create", { projectId: project.id, name: "Bookkeeping agent with a long name" });
  // More events than one page holds, so "Load more" has something to load.
  for (let index = 0; index < 50; index++) {
    await http.mutate("organization.rename", {
      id: organization.id,
      name: `Ledger Co ${index % 2 ? "Ltd" : "Inc"}`,
    });
  }
  await http.mutate("organization.rename", { id: organization.id, name: "Ledger Co" });

  const base = `/app/organization/${organization.id}`;
  await page.goto(base);
  await (await hydrated(page.getByRole("link", { name: "Audit log" }))).click();
  await visible(page.getByRole("heading", { name: "Audit log" }));
  expect(await page.title()).toBe("Audit log · Portico");
  const rows = page.locator("tbody tr");
  await poll(() => rows.count()).toBe(50);
  await visible(rows.first().getByText("changed organization settings"));
  await visible(page.getByText("Ledger Co Ltd → Ledger Co").first());
  await (await hydrated(page.getByRole("button", { name: "Load more" }))).click();
  await poll(() => rows.count()).toBeGreaterThan(50);
  await visible(page.getByText(/^All \d+ events are shown\.$/));
  await screenshot(page, "audit-log-1280");

  await page.getByRole("combobox", { name: "Action" }).click();
  await page.getByRole("option", { name: "Members and invitations" }).click();
  await poll(() => rows.count()).toBe(2);
  expect(new URL(page.url()).searchParams.get("group")).toBe("members");
  await visible(rows.getByText("accepted an invitation"));
  await visible(rows.getByText("invited a member"));
  await page.getByRole("combobox", { name: "Action" }).click();
  await page.getByRole("option", { name: "API keys" }).click();
  await visible(rows.getByText("Bookkeeping agent with a long name"));
  await visible(rows.getByText("Books bot"));
  await screenshot(page, "audit-log-filtered-1280");

  await page.setViewportSize({ width: 375, height: 844 });
  await page.goto(`${base}/audit-log`);
  await poll(() => rows.count()).toBe(50);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
  const inner = await page.evaluate(() =>
    [...document.querySelectorAll("table")].map(
      (table) => (table.parentElement as Element).scrollWidth - (table.parentElement as Element).clientWidth,
    ),
  );
  expect(
    inner.every((extra) => extra <= 1),
    "the table scrolls sideways",
  ).toBe(true);
  await screenshot(page, "audit-log-375");
  await page.goto(`${base}/audit-log?group=api_keys`);
  await poll(() => rows.count()).toBe(1);
  await screenshot(page, "audit-log-filtered-375");

  // A member: no link in the sidebar, and the page says why it is closed.
  const memberContext = await browser.newContext({ baseURL: server.baseUrl });
  await addSessionCookies(memberContext, server.baseUrl, member);
  const memberPage = await memberContext.newPage();
  memberPage.setDefaultTimeout(STEP_TIMEOUT);
  await memberPage.setViewportSize({ width: 1280, height: 900 });
  await memberPage.goto(base);
  const nav = memberPage.getByRole("navigation", { name: "Main" });
  await visible(nav.getByRole("link", { name: "Members" }));
  // The switcher shows the organization once its data (with the permissions) has loaded.
  await visible(memberPage.getByRole("button", { name: /Ledger Co/ }).first());
  expect(await nav.getByRole("link", { name: "Audit log" }).count()).toBe(0);
  await memberPage.goto(`${base}/audit-log`);
  await visible(memberPage.getByText("Only owners and admins of this organization can see its audit log."));
  await screenshot(memberPage, "audit-log-member-refused");
  await memberContext.close();
});
