// The acceptance walk (requirements §1, §2, §8), entirely through the real UI: the first account signs up and
// becomes site admin, creates an organization and a project, invites a second user whose invitation
// link is read from the admin mail outbox; the second user signs up from that link in a separate browser
// context, joins, and is refused the owner's destructive action both in the UI and by the server.
import type { Page } from "playwright-core";
import { HttpClient } from "../support/http-client.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, test } from "./support/browser.ts";
import { hydrated, poll, STEP_TIMEOUT, toastWith, visible, waitForPath } from "./support/page-helpers.ts";

async function signUpThroughForm(page: Page, user: { name: string; email: string; password: string }) {
  await visible(page.getByRole("heading", { name: "Create your account" }));
  await hydrated(page.getByRole("button", { name: "Create account" }));
  await page.getByLabel("Name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Create account" }).click();
}

test("the acceptance walk: sign up, organization, project, invitation, roles", { timeout: 180_000 }, async ({
  page,
  browser,
  server,
}) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`A: ${error.message}`));

  const userA = newUser("owner");
  const userB = newUser("member");
  const suffix = userA.email.slice(6, 14);
  const organizationName = `Acme ${suffix}`;
  const projectName = `Support bot ${suffix}`;
  const throwawayName = `Throwaway ${suffix}`;

  // --- User A: the first account of the instance, which makes it the site admin.
  await page.goto("/sign-up");
  await signUpThroughForm(page, userA);
  await waitForPath(page, /^\/app\/dashboard$/);
  await visible(page.getByRole("heading", { level: 1, name: "Dashboard" }));
  await visible(page.getByRole("heading", { name: "Create your first organization" }));
  await screenshot(page, "walk-01-dashboard-empty");

  // --- Create an organization from the empty state's "New organization".
  await page.getByRole("button", { name: "New organization" }).last().click();
  const orgDialog = page.getByRole("dialog", { name: "Create organization" });
  await visible(orgDialog);
  await orgDialog.getByLabel("Organization name").fill(organizationName);
  await screenshot(page, "walk-02-create-organization-dialog");
  await orgDialog.getByRole("button", { name: "Create organization" }).click();
  const orgUrl = await waitForPath(page, /^\/app\/organization\/[^/]+$/);
  const organizationId = decodeURIComponent(orgUrl.pathname.split("/").at(-1) ?? "");
  expect(organizationId).not.toBe("");
  await toastWith(page, `Organization “${organizationName}” created`);
  await visible(page.getByRole("heading", { level: 1, name: organizationName }));
  await visible(page.getByRole("heading", { name: "Create the first project" }));
  await screenshot(page, "walk-03-organization-page");

  // --- Create a project.
  await page.getByRole("button", { name: "New project" }).first().click();
  const projectDialog = page.getByRole("dialog", { name: "Create project" });
  await visible(projectDialog);
  await projectDialog.getByLabel("Project name").fill(projectName);
  await projectDialog.getByLabel("Description (optional)").fill("Answers customer questions.");
  await projectDialog.getByRole("button", { name: "Create project" }).click();
  await waitForPath(page, /^\/app\/project\/[^/]+$/);
  await toastWith(page, `Project “${projectName}” created`);
  await visible(page.getByRole("heading", { level: 1, name: projectName }));
  await visible(page.getByText("Answers customer questions."));
  await screenshot(page, "walk-04-project-page");

  // --- As site admin, user A puts the organization on Start: Free has one seat and one project.
  const adminClient = new HttpClient(server.baseUrl);
  await adminClient.signIn(userA);
  await adminClient.mutate("admin.setOrganizationPlan", {
    organizationId,
    plan: "start",
    interval: "monthly",
  });

  // --- Back to the organization, then its Members page; invite user B as a member.
  const main = page.locator("main#main");
  await main.getByRole("link", { name: organizationName }).click();
  await waitForPath(page, new RegExp(`^/app/organization/${organizationId}$`));
  await main.getByRole("link", { name: "Members" }).click();
  await waitForPath(page, new RegExp(`^/app/organization/${organizationId}/members$`));
  await visible(page.getByRole("heading", { level: 1, name: "Members" }));
  await visible(page.getByRole("cell", { name: userA.email }));
  await page.getByRole("button", { name: "Invite member" }).click();
  const inviteDialog = page.getByRole("dialog", { name: "Invite a member" });
  await visible(inviteDialog);
  await inviteDialog.getByLabel("Email address").fill(userB.email);
  expect(await inviteDialog.getByRole("combobox", { name: "Role" }).textContent()).toMatch(/^Member/);
  await inviteDialog.getByRole("button", { name: "Send invitation" }).click();
  await toastWith(page, `Invitation sent to ${userB.email}`);
  await inviteDialog.waitFor({ state: "hidden" });
  await visible(main.getByRole("listitem").filter({ hasText: userB.email }));
  await screenshot(page, "walk-05-member-invited");

  // --- User A, as site admin, reads the invitation link from the mail outbox (via the account menu).
  await page.getByRole("button", { name: `Account menu for ${userA.name}` }).click();
  await page.getByRole("menuitem", { name: "Admin" }).click();
  await waitForPath(page, /^\/app\/admin$/);
  await main.getByRole("link", { name: /Mail outbox/ }).click();
  await waitForPath(page, /^\/app\/admin\/outbox$/);
  await visible(page.getByRole("heading", { level: 1, name: "Mail outbox" }));
  const mail = page
    .getByTestId("outbox")
    .locator("> *")
    .filter({ hasText: `To ${userB.email}` });
  await visible(mail);
  await visible(
    mail.getByRole("heading", { name: `${userA.name} invited you to ${organizationName} on Portico` }),
  );
  const link = mail.getByRole("link", { name: /\/invitations\// });
  const invitationUrl = (await link.getAttribute("href")) ?? "";
  expect(await link.textContent()).toBe(invitationUrl);
  expect(invitationUrl).toMatch(new RegExp(`^${server.baseUrl}/invitations/[^/?#\\s]+$`));
  const invitationPath = new URL(invitationUrl).pathname;
  await screenshot(page, "walk-06-outbox");

  // --- User B, in a separate browser context: signs up from the invitation link and joins.
  const contextB = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1280, height: 800 },
  });
  try {
    const pageB = await contextB.newPage();
    pageB.setDefaultTimeout(STEP_TIMEOUT);
    pageB.on("pageerror", (error) => errors.push(`B: ${error.message}`));
    await pageB.goto(`/sign-up?redirect=${encodeURIComponent(invitationPath)}`);
    await signUpThroughForm(pageB, userB);
    await waitForPath(pageB, new RegExp(`^${invitationPath}$`));
    await visible(pageB.getByRole("heading", { name: `Join ${organizationName}` }));
    await visible(pageB.getByText(`${userA.name} invited ${userB.email} to join as`));
    await screenshot(pageB, "walk-07-invitation");
    await pageB.getByRole("button", { name: "Accept invitation" }).click();
    await toastWith(pageB, `You joined ${organizationName}`);
    await waitForPath(pageB, /^\/app\/dashboard$/);
    const list = pageB.getByTestId("organization-list");
    await visible(list.getByRole("link", { name: organizationName }));
    await visible(list.getByText("member", { exact: true }));
    await screenshot(pageB, "walk-08-member-dashboard");

    // --- User B on the organization's Settings page: no "Delete organization" for a member.
    await list.getByRole("link", { name: organizationName }).click();
    await waitForPath(pageB, new RegExp(`^/app/organization/${organizationId}$`));
    await visible(pageB.getByRole("heading", { level: 1, name: organizationName }));
    await pageB.locator("main#main").getByRole("link", { name: "Settings" }).click();
    await waitForPath(pageB, new RegExp(`^/app/organization/${organizationId}/settings$`));
    await visible(pageB.getByRole("heading", { level: 1, name: "Settings" }));
    // The page has rendered its member-only parts, so an absent delete action is really absent.
    const leave = pageB.getByRole("button", { name: "Leave organization" });
    await visible(leave);
    // Leaving deletes nothing, and its confirmation says so; Escape cancels and focus comes back.
    await (await hydrated(leave)).click();
    const leaveDialog = pageB.getByRole("alertdialog", { name: "Leave organization" });
    await visible(leaveDialog.getByText(`You are about to leave ${organizationName}.`));
    expect(await leaveDialog.textContent()).not.toContain("permanently deletes");
    await pageB.keyboard.press("Escape");
    await leaveDialog.waitFor({ state: "hidden" });
    await poll(() => leave.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await pageB.getByLabel("Organization name").isDisabled()).toBe(true);
    expect(await pageB.getByRole("button", { name: "Delete organization" }).count()).toBe(0);
    expect(await pageB.getByRole("heading", { name: "Delete organization" }).count()).toBe(0);
    await screenshot(pageB, "walk-09-member-settings");

    // --- User A on the same page does see it.
    await page.goto(`/app/organization/${organizationId}/settings`);
    await visible(page.getByRole("heading", { level: 1, name: "Settings" }));
    await visible(page.getByRole("button", { name: "Delete organization" }));
    expect(await page.getByRole("button", { name: "Leave organization" }).count()).toBe(0);
    await screenshot(page, "walk-10-owner-settings");

    // --- The server refuses user B's direct call of the delete mutation.
    const answer = await pageB.evaluate(async (id) => {
      const response = await fetch("/api/trpc/organization.delete", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ json: { id } }),
      });
      return { status: response.status, body: await response.json() };
    }, organizationId);
    expect(answer.status).toBe(403);
    expect(answer.body?.error?.json?.data?.code).toBe("FORBIDDEN");
    expect(answer.body?.error?.json?.data?.httpStatus).toBe(403);

    // ...and the organization is still there for both of them.
    await page.reload();
    await visible(page.getByRole("heading", { level: 1, name: "Settings" }));
    expect(await page.getByLabel("Organization name").inputValue()).toBe(organizationName);
    await page.goto("/app/dashboard");
    await visible(page.getByTestId("organization-list").getByRole("link", { name: organizationName }));
    await pageB.reload();
    await visible(pageB.getByRole("heading", { level: 1, name: "Settings" }));
    expect(await pageB.getByLabel("Organization name").inputValue()).toBe(organizationName);
  } finally {
    await contextB.close();
  }

  // --- User A deletes a throwaway project through the typed-name confirmation.
  const card = page.getByTestId("organization-list").locator("> *").filter({ hasText: organizationName });
  await card.getByRole("button", { name: "New project" }).click();
  const throwawayDialog = page.getByRole("dialog", { name: "Create project" });
  await visible(throwawayDialog);
  await throwawayDialog.getByLabel("Project name").fill(throwawayName);
  await throwawayDialog.getByRole("button", { name: "Create project" }).click();
  await waitForPath(page, /^\/app\/project\/[^/]+$/);
  await visible(page.getByRole("heading", { level: 1, name: throwawayName }));
  await page.locator("main#main").getByRole("link", { name: "Settings" }).click();
  await waitForPath(page, /^\/app\/project\/[^/]+\/settings$/);
  await visible(page.getByRole("heading", { level: 1, name: "Project settings" }));
  await page.getByRole("button", { name: "Delete project" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete project" });
  await visible(confirm);
  await visible(confirm.getByText(throwawayName, { exact: true }).first());
  const confirmButton = confirm.getByRole("button", { name: "Delete", exact: true });
  const typedName = confirm.getByLabel(`Type ${throwawayName} to confirm`);
  expect(await confirmButton.isDisabled()).toBe(true);
  await typedName.fill(throwawayName.slice(0, -1));
  expect(await confirmButton.isDisabled()).toBe(true);
  await typedName.fill(`${throwawayName} `);
  expect(await confirmButton.isDisabled()).toBe(true);
  await typedName.fill(throwawayName.toUpperCase());
  expect(await confirmButton.isDisabled()).toBe(true);
  await typedName.fill(throwawayName);
  await poll(() => confirmButton.isEnabled()).toBe(true);
  await screenshot(page, "walk-11-confirm-delete-project");
  await confirmButton.click();
  await toastWith(page, `Project ${throwawayName} deleted`);
  await waitForPath(page, new RegExp(`^/app/organization/${organizationId}$`));
  await visible(page.getByRole("heading", { level: 1, name: organizationName }));
  await visible(page.getByRole("link", { name: new RegExp(projectName) }));
  expect(await page.getByRole("link", { name: new RegExp(throwawayName) }).count()).toBe(0);
  await screenshot(page, "walk-12-project-deleted");

  expect(errors).toEqual([]);
});
