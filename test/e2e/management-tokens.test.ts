// Management tokens through the real UI at 1280 and 390 px: an owner creates one with scopes of their
// choosing, sees its secret once (the dialog asks before it closes uncopied, and fits a phone), finds it
// listed with its scopes, revokes it behind a confirmation; a plain member is told why the page is
// closed to them and has no link to it.
import { HttpClient } from "../support/http-client.ts";
import { newUser } from "../support/users.ts";
import { axeFindings, describeFindings, failing } from "./support/axe.ts";
import { addSessionCookies, expect, screenshot, signUpInto, test } from "./support/browser.ts";
import { hydrated, STEP_TIMEOUT, toastWith, visible } from "./support/page-helpers.ts";

test("create, list and revoke management tokens at 1280 and 390 px", { timeout: 120_000 }, async ({
  page,
  context,
  browser,
  server,
}) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = newUser("tokens");
  await signUpInto(context, server.baseUrl, owner);
  const http = new HttpClient(server.baseUrl);
  await http.signIn(owner);
  const organization = await http.mutate<{ id: string }>("organization.create", { name: "Builders Co" });
  const base = `/app/organization/${organization.id}`;
  // A plan with a second seat, for the member at the end (the owner is the instance's first admin).
  await http.mutate("admin.setOrganizationPlan", {
    organizationId: organization.id,
    plan: "start",
    interval: "monthly",
  });

  // Organization settings lead there.
  await page.goto(`${base}/settings`);
  await (await hydrated(page.getByRole("link", { name: "Manage tokens" }))).click();
  await visible(page.getByText("No management tokens yet"));
  await visible(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Management tokens" }),
  );
  await (await hydrated(page.getByRole("button", { name: "Create token" }).first())).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Provisioning service");
  await dialog.getByRole("radio", { name: "Choose per resource" }).check();
  // Nothing picked yet: refused in place.
  await dialog.getByRole("button", { name: "Create token" }).click();
  await visible(dialog.getByText("Choose at least one resource to give access to"));
  await dialog.getByRole("combobox", { name: "Projects access" }).click();
  await page.getByRole("option", { name: "Read and write" }).click();
  await dialog.getByRole("combobox", { name: "Call log access" }).click();
  await page.getByRole("option", { name: "Read", exact: true }).click();
  await screenshot(page, "management-token-create-1280");
  const dialogFindings = failing(await axeFindings(page, "create management token dialog"));
  expect(dialogFindings, describeFindings(dialogFindings)).toEqual([]);
  await dialog.getByRole("button", { name: "Create token" }).click();
  const secretField = page.getByRole("textbox", { name: "New management token" });
  await visible(secretField);
  const secret = await secretField.inputValue();
  expect(secret).toMatch(/^pmt_[A-Za-z0-9_-]{43}$/);
  await toastWith(page, 'Management token "Provisioning service" created');
  await page.getByRole("button", { name: "Done" }).click();
  await visible(page.getByRole("heading", { name: "Did you copy your management token?" }));
  await page.getByRole("button", { name: "Close without copying" }).click();
  const row = page.getByRole("row", { name: /Provisioning service/ });
  await visible(row);
  await expect.poll(() => row.textContent()).toContain(`${secret.slice(0, 12)}…${secret.slice(-4)}`);
  expect(await row.textContent()).toContain("Projects: read and write, Call log: read");
  expect(await row.textContent()).toContain(owner.name);
  expect(await page.content()).not.toContain(secret);
  await screenshot(page, "management-tokens-1280");
  const pageFindings = failing(await axeFindings(page, "management tokens page"));
  expect(pageFindings, describeFindings(pageFindings)).toEqual([]);

  // A phone: the one-time secret dialog fits, its copy button on screen, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await (await hydrated(page.getByRole("button", { name: "Create token" }).first())).click();
  await dialog.getByLabel("Name").fill("Nightly sync with a rather long name");
  await dialog.getByRole("button", { name: "Create token" }).click();
  await visible(secretField);
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390, "the dialog fits 390 px").toBe(true);
  const copy = dialog.getByRole("button", { name: /Copy/ });
  const copyBox = await copy.boundingBox();
  expect(copyBox && copyBox.x + copyBox.width <= 390, "the copy button is on screen").toBe(true);
  await screenshot(page, "management-token-secret-390");
  await page.keyboard.press("Escape");
  await visible(page.getByRole("heading", { name: "Did you copy your management token?" }));
  await screenshot(page, "management-token-did-you-copy-390");
  await page.getByRole("button", { name: "Back to the token" }).click();
  await visible(secretField);
  await page.getByRole("button", { name: "Done" }).click();
  await page.getByRole("button", { name: "Close without copying" }).click();
  const nightly = page.getByRole("row", { name: /Nightly sync/ });
  await visible(nightly);
  expect(await nightly.textContent()).toContain("Read everything");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
  const revoke = nightly.getByRole("button", { name: "Revoke" });
  const revokeBox = await revoke.boundingBox();
  expect(revokeBox && revokeBox.x + revokeBox.width <= 390, "Revoke is on screen").toBe(true);
  await screenshot(page, "management-tokens-390");

  // Revoke, behind a confirmation.
  await revoke.click();
  const confirm = page.getByRole("alertdialog");
  await visible(confirm.getByText(/lose access to the management API/));
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await visible(nightly.getByText("revoked"));
  expect(await nightly.getByRole("button", { name: "Revoke" }).count()).toBe(0);

  // A plain member: no link, and the page says why.
  const memberUser = newUser("tokens-member");
  const member = new HttpClient(server.baseUrl);
  await member.signUp(memberUser);
  const invitation = await http.mutate<{ id: string }>("organizationInvitations.invite", {
    organizationId: organization.id,
    email: memberUser.email,
    role: "member",
  });
  await member.mutate("organizationInvitations.accept", { invitationId: invitation.id });
  const memberContext = await browser.newContext({ baseURL: server.baseUrl });
  await addSessionCookies(memberContext, server.baseUrl, member);
  const memberPage = await memberContext.newPage();
  memberPage.setDefaultTimeout(STEP_TIMEOUT);
  await memberPage.setViewportSize({ width: 390, height: 844 });
  await memberPage.goto(`${base}/management-tokens`);
  await visible(
    memberPage.getByText("Only owners and admins of this organization can manage its management tokens."),
  );
  expect(await memberPage.getByRole("button", { name: "Create token" }).count()).toBe(0);
  await screenshot(memberPage, "management-tokens-member-390");
  await memberPage.setViewportSize({ width: 1280, height: 900 });
  await memberPage.goto(base);
  const nav = memberPage.getByRole("navigation", { name: "Main" });
  await visible(nav.getByRole("link", { name: "Members" }));
  await visible(memberPage.getByRole("button", { name: /Builders Co/ }).first());
  expect(await nav.getByRole("link", { name: "Management tokens" }).count()).toBe(0);
  await memberContext.close();
});
