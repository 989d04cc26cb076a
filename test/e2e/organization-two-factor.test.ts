// The organization policy "Require two-factor authentication" in the browser: the owner (with 2FA)
// sees who has it in Members, switches the policy on in Settings after a confirmation that counts the
// members without it; a member without 2FA then gets "{Org} requires two-factor authentication" in
// place of the organization's and its projects' pages, with the way to the account page's setup.
// Screenshots at 1280 and 375 px.
import type { Browser, Page } from "playwright-core";
import { HttpClient } from "../support/http-client.ts";
import { totpCode } from "../support/totp.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, signedInPage, test } from "./support/browser.ts";
import { hydrated, toastWith, visible, waitForPath } from "./support/page-helpers.ts";

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const BLOCKED = "Harbour Ltd requires two-factor authentication";

/** Two-factor sign-in turned on over HTTP as the account page does; the client keeps the renewed session. */
async function turnOnTwoFactor(client: HttpClient, password: string) {
  const enabled = await client.postJson("/api/auth/two-factor/enable", { password });
  const { totpURI } = (await enabled.json()) as { totpURI: string };
  const verified = await client.postJson("/api/auth/two-factor/verify-totp", { code: totpCode(totpURI) });
  expect(verified.status).toBe(200);
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
}

/** The server's first account, so its site admin, signed up once for this file's tests. */
let firstAccount: Promise<{ client: HttpClient; user: ReturnType<typeof newUser> }> | null = null;
function siteAdmin(baseUrl: string) {
  firstAccount ??= (async () => {
    const user = newUser("policy-owner");
    const client = new HttpClient(baseUrl);
    await client.signUp(user);
    return { client, user };
  })();
  return firstAccount;
}

async function openAs(browser: Browser, baseUrl: string, client: HttpClient, viewport = DESKTOP) {
  return signedInPage(browser, baseUrl, client, viewport);
}

test("an owner requires two-factor sign-in; a member without it is shown how to set it up", {
  timeout: 180_000,
}, async ({ browser, server }) => {
  const { client: owner, user: ownerUser } = await siteAdmin(server.baseUrl);
  const organization = await owner.mutate<{ id: string }>("organization.create", { name: "Harbour Ltd" });
  // Free has one seat; the owner, this instance's first account and so its site admin, moves to Start.
  await owner.mutate("admin.setOrganizationPlan", {
    organizationId: organization.id,
    plan: "start",
    interval: "monthly",
  });
  const project = await owner.mutate<{ id: string }>("project.create", {
    organizationId: organization.id,
    name: "Harbour bot",
  });
  const memberUser = newUser("policy-member");
  const member = new HttpClient(server.baseUrl);
  await member.signUp(memberUser);
  const invitation = await owner.mutate<{ id: string }>("organizationInvitations.invite", {
    organizationId: organization.id,
    email: memberUser.email,
    role: "member",
  });
  await member.mutate("organizationInvitations.accept", { invitationId: invitation.id });
  await owner.mutate("projectPermissions.setProjectMemberRole", {
    projectId: project.id,
    userId: (await member.query<{ id: string }>("user.getInfo")).id,
    role: "viewer",
  });
  await turnOnTwoFactor(owner, ownerUser.password);

  // The owner: who has 2FA in Members, then the policy in Settings.
  const ownerView = await openAs(browser, server.baseUrl, owner);
  const ownerPage = ownerView.page;
  await ownerPage.goto(`/app/organization/${organization.id}/members`);
  const memberRow = ownerPage.getByRole("row").filter({ hasText: memberUser.email });
  await visible(memberRow.getByText("2FA off"));
  await visible(ownerPage.getByRole("row").filter({ hasText: ownerUser.email }).getByText("2FA on"));
  await screenshot(ownerPage, "org-two-factor-1280-members");

  await ownerPage.goto(`/app/organization/${organization.id}/settings`);
  const card = ownerPage.getByTestId("two-factor-policy");
  const toggle = card.getByRole("switch", { name: "Require two-factor authentication" });
  expect(await toggle.getAttribute("aria-checked")).toBe("false");
  await (await hydrated(toggle)).click();
  const dialog = ownerPage.getByRole("alertdialog");
  await visible(dialog.getByText("1 member does not have two-factor authentication yet", { exact: false }));
  await screenshot(ownerPage, "org-two-factor-1280-confirm");
  await dialog.getByRole("button", { name: "Require" }).click();
  await toastWith(ownerPage, "Two-factor authentication is now required");
  await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("true");
  await screenshot(ownerPage, "org-two-factor-1280-settings");

  // The member: the organization's and the project's pages say why, and lead to the setup.
  const memberView = await openAs(browser, server.baseUrl, member);
  const memberPage = memberView.page;
  await memberPage.goto(`/app/organization/${organization.id}`);
  await visible(memberPage.getByRole("heading", { name: BLOCKED }));
  await screenshot(memberPage, "org-two-factor-1280-blocked");
  await memberPage.goto(`/app/project/${project.id}/api-keys`);
  await visible(memberPage.getByRole("heading", { name: BLOCKED }));
  await (await hydrated(memberPage.getByRole("link", { name: "Set up two-factor authentication" }))).click();
  await waitForPath(memberPage, /^\/app\/account$/);
  expect(new URL(memberPage.url()).hash).toBe("#two-factor");
  await visible(memberPage.getByTestId("two-factor-card"));
  expect(memberView.errors).toEqual([]);

  // Phone width: the blocked screen and the owner's settings fit without sideways scrolling.
  const phoneMember = await openAs(browser, server.baseUrl, member, PHONE);
  await phoneMember.page.goto(`/app/project/${project.id}`);
  await visible(phoneMember.page.getByRole("heading", { name: BLOCKED }));
  await noSidewaysScroll(phoneMember.page);
  await screenshot(phoneMember.page, "org-two-factor-375-blocked");
  const phoneOwner = await openAs(browser, server.baseUrl, owner, PHONE);
  await phoneOwner.page.goto(`/app/organization/${organization.id}/settings`);
  await visible(phoneOwner.page.getByTestId("two-factor-policy").getByRole("switch", { checked: true }));
  await noSidewaysScroll(phoneOwner.page);
  await screenshot(phoneOwner.page, "org-two-factor-375-settings");
  await phoneOwner.page.goto(`/app/organization/${organization.id}/members`);
  await visible(phoneOwner.page.getByText("2FA off"));
  await noSidewaysScroll(phoneOwner.page);
  await screenshot(phoneOwner.page, "org-two-factor-375-members");

  for (const view of [ownerView, memberView, phoneMember, phoneOwner]) await view.context.close();
});

test("a site admin resets the two-factor sign-in of someone who lost their phone", {
  timeout: 120_000,
}, async ({ browser, server }) => {
  const { client: admin } = await siteAdmin(server.baseUrl);
  const lostUser = newUser("lost-phone");
  const lost = new HttpClient(server.baseUrl);
  await lost.signUp(lostUser);
  await turnOnTwoFactor(lost, lostUser.password);
  expect(await lost.query<{ twoFactorEnabled: boolean }>("account.get")).toMatchObject({
    twoFactorEnabled: true,
  });

  const { context, page, errors } = await openAs(browser, server.baseUrl, admin);
  await page.goto("/app/admin/users");
  await (await hydrated(page.getByLabel("Search"))).fill(lostUser.email);
  const row = page.locator(`tr[data-user="${lostUser.email}"]`);
  await visible(row.getByText("2FA on").locator("visible=true"));
  await (await hydrated(row.getByRole("button", { name: `Reset two-factor of ${lostUser.email}` }))).click();
  const dialog = page.getByRole("dialog", { name: "Reset two-factor authentication" });
  await visible(dialog.getByText(lostUser.name));
  await screenshot(page, "admin-reset-two-factor-1280-confirm");
  await dialog.getByRole("button", { name: "Reset two-factor" }).click();
  await toastWith(page, `Two-factor authentication reset for ${lostUser.email}`);
  await visible(row.getByText("2FA off").locator("visible=true"));
  expect(await row.getByRole("button", { name: /Reset two-factor/ }).count()).toBe(0);
  expect(errors).toEqual([]);
  await context.close();

  // Signed out everywhere; the password alone signs in now.
  expect(
    await lost.query("account.get").then(
      () => "signed in",
      () => "signed out",
    ),
  ).toBe("signed out");
  const again = new HttpClient(server.baseUrl);
  await again.signIn(lostUser);
  expect(await again.query<{ twoFactorEnabled: boolean }>("account.get")).toMatchObject({
    twoFactorEnabled: false,
  });
});
