// A team's first day (issue 43), through the real UI at 1280 and 390 px: the one-time API key dialog
// fits and asks before an uncopied key is gone; the Free plan on an instance without Stripe is not a
// dead end (limit errors link to billing, site admins change the plan there, others are told whom to
// ask); standard tools can be tried in the playground; and a second person's whole journey: invited
// with a project, accepting, landing in it, and asking for access to another one.
import type { Page } from "playwright-core";
import { HttpClient } from "../support/http-client.ts";
import type { RunningServer } from "../support/server.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, signedInPage, test } from "./support/browser.ts";
import { hydrated, poll, toastWith, visible, waitForPath } from "./support/page-helpers.ts";

const viewports = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

// The file's first account is the instance's site administrator; every test signs in as it.
let admin: { client: HttpClient; user: ReturnType<typeof newUser> } | null = null;
async function siteAdmin(server: RunningServer) {
  if (admin) return admin;
  const user = newUser("site-admin");
  const client = new HttpClient(server.baseUrl);
  await client.signUp(user);
  admin = { client, user };
  return admin;
}

async function organizationWithProject(client: HttpClient, name: string, projectName = "Support bot") {
  const organization = await client.mutate<{ id: string }>("organization.create", { name });
  const project = await client.mutate<{ id: string }>("project.create", {
    organizationId: organization.id,
    name: projectName,
  });
  return { organization, project };
}

/** The box of `locator`, which must lie inside `outer`'s box and inside the viewport. */
async function expectInside(
  page: Page,
  inner: ReturnType<Page["locator"]>,
  outer: ReturnType<Page["locator"]>,
) {
  const box = await inner.boundingBox();
  const frame = await outer.boundingBox();
  const viewport = page.viewportSize();
  expect(box && frame && viewport).toBeTruthy();
  if (!box || !frame || !viewport) return;
  expect(box.x).toBeGreaterThanOrEqual(frame.x - 0.5);
  expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
  expect(frame.x).toBeGreaterThanOrEqual(0);
  expect(frame.x + frame.width).toBeLessThanOrEqual(viewport.width + 0.5);
}

test("the one-time API key dialog fits and asks before an uncopied key is gone", {
  timeout: 180_000,
}, async ({ browser, server }) => {
  const { client } = await siteAdmin(server);
  const { project } = await organizationWithProject(client, "Keys First Day");
  for (const viewport of viewports) {
    const { context, page } = await signedInPage(browser, server.baseUrl, client, viewport);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.baseUrl });
    await page.goto(`/app/project/${project.id}/api-keys`);
    await (await hydrated(page.getByRole("button", { name: "Create API key" }).first())).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill(`Laptop ${viewport.width}`);
    await dialog.getByRole("button", { name: "Create key" }).click();
    await visible(dialog.getByRole("heading", { name: "Copy your new API key" }));
    const copy = dialog.getByRole("button", { name: "Copy API key" });
    await visible(copy);
    // Nothing of the dialog sticks out: the copy button, the key, the title, the warning, the snippets.
    await expectInside(page, copy, dialog);
    await expectInside(page, dialog.getByRole("textbox", { name: "New API key" }), dialog);
    await expectInside(page, dialog.getByRole("heading", { name: "Copy your new API key" }), dialog);
    await expectInside(page, dialog.getByText("This is the only time the key is shown."), dialog);
    await expectInside(page, dialog.getByTestId("guide-claude-code"), dialog);
    await screenshot(page, `first-day-key-dialog-${viewport.width}`);

    // Escape before copying asks first, and going back keeps the key.
    await page.keyboard.press("Escape");
    await visible(dialog.getByRole("heading", { name: "Did you copy your API key?" }));
    await screenshot(page, `first-day-key-dialog-asks-${viewport.width}`);
    await dialog.getByRole("button", { name: "Back to the key" }).click();
    const secret = await dialog.getByRole("textbox", { name: "New API key" }).inputValue();
    expect(secret).toMatch(/^ptk_/);

    // Copied, the dialog closes without asking.
    await dialog.getByRole("button", { name: "Copy API key" }).click();
    await poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await context.close();
  }
});

test("without Stripe the Free plan is no dead end", { timeout: 240_000 }, async ({ browser, server }) => {
  const { client: adminClient, user: adminUser } = await siteAdmin(server);
  for (const viewport of viewports) {
    // An owner who is not a site administrator, on Free (one seat), tries to invite someone.
    const owner = new HttpClient(server.baseUrl);
    await owner.signUp(newUser(`free-owner-${viewport.width}`));
    const { organization } = await organizationWithProject(owner, `Free Team ${viewport.width}`);
    const { context, page } = await signedInPage(browser, server.baseUrl, owner, viewport);
    await page.goto(`/app/organization/${organization.id}/members`);
    await (await hydrated(page.getByRole("button", { name: "Invite member" }))).click();
    const dialog = page.getByRole("dialog", { name: "Invite a member" });
    await dialog.getByLabel("Email address").fill(`colleague-${viewport.width}@example.test`);
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    const alert = dialog.getByRole("alert");
    await visible(alert.getByText(/The Free plan includes 1 seat/));
    // The billing page is a link, not its address as text.
    const link = alert.getByRole("link", { name: "the billing page" });
    expect(await link.getAttribute("href")).toBe(`/app/organization/${organization.id}/billing`);
    expect(await alert.textContent()).not.toContain("http");
    await screenshot(page, `first-day-seat-limit-${viewport.width}`);
    await link.click();
    await waitForPath(page, new RegExp(`^/app/organization/${organization.id}/billing$`));
    // Not a site administrator: told who can change the plan.
    const byHand = page.getByTestId("plan-by-hand");
    await visible(byHand.getByText("Ask one of them to change it"));
    await visible(byHand.getByRole("link", { name: adminUser.email }));
    expect(await byHand.getByRole("button", { name: /Move to/ }).count()).toBe(0);
    await screenshot(page, `first-day-billing-ask-admin-${viewport.width}`);
    await context.close();

    // The site administrator changes the plan of their own organization on its billing page.
    const { organization: own } = await organizationWithProject(adminClient, `Admin Team ${viewport.width}`);
    const adminPage = await signedInPage(browser, server.baseUrl, adminClient, viewport);
    await adminPage.page.goto(`/app/organization/${own.id}/billing`);
    const card = adminPage.page.getByTestId("plan-by-hand");
    await (await hydrated(card.getByRole("combobox", { name: "Plan" }))).click();
    await adminPage.page.getByRole("option", { name: "Start" }).click();
    await card.getByRole("button", { name: "Move to Start" }).click();
    const confirm = adminPage.page.getByRole("alertdialog");
    await visible(confirm.getByText(`Admin Team ${viewport.width} from Free to Start`));
    await screenshot(adminPage.page, `first-day-billing-confirm-${viewport.width}`);
    await confirm.getByRole("button", { name: "Change plan" }).click();
    await toastWith(adminPage.page, `Admin Team ${viewport.width} is on Start`);
    await poll(() => adminPage.page.getByTestId("current-plan").textContent()).toBe("Start plan");
    await adminPage.context.close();
  }
});

test("standard tools can be tried in the playground", { timeout: 180_000 }, async ({ browser, server }) => {
  const { client } = await siteAdmin(server);
  const { project } = await organizationWithProject(client, "Try Team");
  for (const viewport of viewports) {
    const { context, page } = await signedInPage(browser, server.baseUrl, client, viewport);
    // Before any call, the call log says how to make one and leads there.
    if (viewport.width === 1280) {
      await page.goto(`/app/project/${project.id}/calls`);
      await visible(page.getByText(/try any tool .* with its Try button on the Servers page/));
      await (await hydrated(page.getByRole("link", { name: "Try a tool" }))).click();
      await waitForPath(page, new RegExp(`^/app/project/${project.id}/servers$`));
    } else {
      await page.goto(`/app/project/${project.id}/servers`);
    }
    await (await hydrated(page.getByRole("button", { name: "Try Calculator" }))).click();
    const dialog = page.getByRole("dialog", { name: "Try Calculator" });
    await dialog.getByLabel(/expression/).fill("19 * 21");
    await dialog.getByRole("button", { name: "Run tool" }).click();
    await poll(async () => (await dialog.getByTestId("playground-result").textContent()) ?? "").toContain(
      "399",
    );
    await screenshot(page, `first-day-try-standard-tool-${viewport.width}`);
    await page.keyboard.press("Escape");
    await context.close();
  }
  // The runs are real calls: the call log shows them.
  const { context, page } = await signedInPage(browser, server.baseUrl, client);
  await page.goto(`/app/project/${project.id}/calls`);
  await poll(() => page.getByRole("cell", { name: /calculate/ }).count()).toBeGreaterThanOrEqual(2);
  await context.close();
});

test("a second person: invited with a project, accepts, works in it, asks for another", {
  timeout: 240_000,
}, async ({ browser, server }) => {
  const { client: ownerClient } = await siteAdmin(server);
  for (const viewport of viewports) {
    const { organization, project } = await organizationWithProject(ownerClient, `Journey ${viewport.width}`);
    await ownerClient.mutate("admin.setOrganizationPlan", {
      organizationId: organization.id,
      plan: "start",
      interval: "monthly",
    });
    const other = await ownerClient.mutate<{ id: string }>("project.create", {
      organizationId: organization.id,
      name: "Finance bot",
    });
    const invitee = newUser(`invitee-${viewport.width}`);

    // The owner invites them with editor access to the Support bot.
    const owner = await signedInPage(browser, server.baseUrl, ownerClient, viewport);
    await owner.page.goto(`/app/organization/${organization.id}/members`);
    await (await hydrated(owner.page.getByRole("button", { name: "Invite member" }))).click();
    const dialog = owner.page.getByRole("dialog", { name: "Invite a member" });
    await dialog.getByLabel("Email address").fill(invitee.email);
    await dialog.getByRole("combobox", { name: "Access to Support bot" }).click();
    await owner.page.getByRole("option", { name: "Editor" }).click();
    await expectInside(owner.page, dialog.getByRole("button", { name: "Send invitation" }), dialog);
    await screenshot(owner.page, `first-day-invite-with-project-${viewport.width}`);
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await toastWith(owner.page, `Invitation sent to ${invitee.email}`);

    // The invitee signs up and opens the link from the e-mail.
    const { emails } = await ownerClient.query<{ emails: { to: string; text: string }[] }>(
      "admin.getMailOutbox",
    );
    const mail = emails.find((candidate) => candidate.to === invitee.email);
    expect(mail?.text).toContain("You will have access to: Support bot (editor).");
    const invitationPath = new URL(mail?.text.match(/https?:\/\/\S+\/invitations\/\S+/)?.[0] ?? "").pathname;
    const inviteeClient = new HttpClient(server.baseUrl);
    await inviteeClient.signUp(invitee);
    const second = await signedInPage(browser, server.baseUrl, inviteeClient, viewport);
    await second.page.goto(invitationPath);
    const projects = second.page.getByRole("list", { name: "Projects" });
    await visible(projects.getByText("Support bot"));
    await visible(projects.getByText("editor"));
    await screenshot(second.page, `first-day-invitation-${viewport.width}`);
    await (await hydrated(second.page.getByRole("button", { name: "Accept invitation" }))).click();
    // Straight into the project they were given, able to work in it.
    await waitForPath(second.page, new RegExp(`^/app/project/${project.id}$`));
    await second.page.goto(`/app/project/${project.id}/servers`);
    await visible(second.page.getByRole("button", { name: "Try Calculator" }));
    await screenshot(second.page, `first-day-invitee-in-project-${viewport.width}`);

    // The other project: "ask for access", not a 404.
    const response = await second.page.goto(`/app/project/${other.id}`);
    expect(response?.status()).toBe(403);
    await visible(second.page.getByRole("heading", { name: "You do not have access to Finance bot yet" }));
    await (await hydrated(second.page.getByRole("button", { name: "Ask for access" }))).click();
    await visible(second.page.getByRole("status").getByText("Access requested."));
    await screenshot(second.page, `first-day-ask-for-access-${viewport.width}`);
    const after = await ownerClient.query<{ emails: { to: string; subject: string }[] }>(
      "admin.getMailOutbox",
    );
    expect(after.emails.map((m) => m.subject)).toContain(`${invitee.name} asks for access to Finance bot`);
    await second.context.close();
    await owner.context.close();
  }
});
