// Naming a project's reviewers on the policies page (issue 37), at 1280 and 390 px: the admins are
// listed as reviewers; adding without choosing says what to do in place; an owner names a member of
// the project, who is then listed, and removes them again after a confirmation.
import type { Page } from "playwright-core";
import { HttpClient } from "../support/http-client.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, signedInPage, test } from "./support/browser.ts";
import { hydrated, toastWith, visible } from "./support/page-helpers.ts";

/** The server's first account (its site admin, who may change an organization's plan), once per file. */
let firstAccount: Promise<{ client: HttpClient; name: string }> | null = null;
function owner(baseUrl: string) {
  firstAccount ??= (async () => {
    const user = newUser("reviewers-owner");
    const client = new HttpClient(baseUrl);
    await client.signUp(user);
    return { client, name: user.name };
  })();
  return firstAccount;
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
}

for (const [width, height, label] of [
  [1280, 900, "desktop"],
  [390, 844, "phone"],
] as const) {
  test(`naming and removing a reviewer at ${width} px`, { timeout: 180_000 }, async ({ browser, server }) => {
    const { client: http } = await owner(server.baseUrl);
    const organization = await http.mutate<{ id: string }>("organization.create", {
      name: `Review ${label}`,
    });
    await http.mutate("admin.setOrganizationPlan", {
      organizationId: organization.id,
      plan: "start",
      interval: "monthly",
    });
    const project = await http.mutate<{ id: string }>("project.create", {
      organizationId: organization.id,
      name: "Reviewed bot",
    });
    const memberUser = newUser(`reviewer-${label}`);
    const member = new HttpClient(server.baseUrl);
    await member.signUp(memberUser);
    const invitation = await http.mutate<{ id: string }>("organizationInvitations.invite", {
      organizationId: organization.id,
      email: memberUser.email,
      role: "member",
    });
    await member.mutate("organizationInvitations.accept", { invitationId: invitation.id });
    await http.mutate("projectPermissions.setProjectMemberRole", {
      projectId: project.id,
      userId: (await member.query<{ id: string }>("user.getInfo")).id,
      role: "viewer",
    });

    const { page, context, errors } = await signedInPage(browser, server.baseUrl, http, { width, height });
    try {
      await page.goto(`/app/project/${project.id}/policies`);
      const list = page.getByRole("list", { name: "Reviewers" });
      await visible(list.getByText("Admin").first());
      await expect.poll(() => list.getByRole("listitem").count()).toBe(1);

      const add = await hydrated(page.getByRole("button", { name: "Add reviewer" }));
      await add.click();
      await visible(page.getByRole("alert").getByText("Choose a member to name as a reviewer."));
      expect(
        await page.getByRole("combobox", { name: "Name a member as reviewer" }).getAttribute("aria-invalid"),
      ).toBe("true");

      await page.getByRole("combobox", { name: "Name a member as reviewer" }).click();
      await page.getByRole("option", { name: memberUser.name }).click();
      await add.click();
      await toastWith(page, "Reviewer added");
      await visible(list.getByText(memberUser.email));
      await visible(page.getByText("Every member of the project reviews already."));
      await noSidewaysScroll(page);
      await screenshot(page, `governance-reviewers-${label}`);

      await list.getByRole("button", { name: `Remove ${memberUser.name} as reviewer` }).click();
      const dialog = page.getByRole("alertdialog", { name: "Remove reviewer" });
      await visible(dialog.getByText(`${memberUser.name} as a reviewer`));
      await dialog.getByRole("button", { name: "Remove" }).click();
      await toastWith(page, "Reviewer removed");
      await expect.poll(() => list.getByText(memberUser.email).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
