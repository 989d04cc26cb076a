// An invitation link opened signed out: it names the organization and who invited; creating an account
// from it starts with the invited address filled in and comes back to the invitation to accept it.
import { HttpClient } from "../support/http-client.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, test } from "./support/browser.ts";
import { hydrated, STEP_TIMEOUT, visible, waitForPath } from "./support/page-helpers.ts";

test("signed out, an invitation names its organization and leads through sign-up back to it", {
  timeout: 90_000,
}, async ({ page, server }) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  const ownerUser = newUser("inviter");
  const owner = new HttpClient(server.baseUrl);
  await owner.signUp(ownerUser);
  const organization = await owner.mutate<{ id: string }>("organization.create", { name: "Harbour Ltd" });
  // Free has one seat; the owner, this instance's first account and so its site admin, moves to Start.
  await owner.mutate("admin.setOrganizationPlan", {
    organizationId: organization.id,
    plan: "start",
    interval: "monthly",
  });
  const invitee = newUser("invitee");
  const invitation = await owner.mutate<{ id: string }>("organizationInvitations.invite", {
    organizationId: organization.id,
    email: invitee.email,
    role: "member",
  });

  await page.goto(`/invitations/${invitation.id}`);
  await visible(page.getByText("Join Harbour Ltd on Portico"));
  await visible(
    page.getByText(`${ownerUser.name} invited ${invitee.email} to Harbour Ltd.`, { exact: false }),
  );
  await screenshot(page, "invitation-signed-out");

  await (await hydrated(page.getByRole("link", { name: "Create account" }))).click();
  await waitForPath(page, /^\/sign-up$/);
  const email = await hydrated(page.getByLabel("Email"));
  expect(await email.inputValue()).toBe(invitee.email);
  await page.getByLabel("Name").fill(invitee.name);
  await page.getByLabel("Password").fill(invitee.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await waitForPath(page, new RegExp(`^/invitations/${invitation.id}$`));
  await visible(page.getByRole("button", { name: /Accept/ }));
});
