// Whose account a server uses, in Chromium at 1280 and 390 px against the production build with a fake
// Google: a member connects their own Google account through the OAuth flow; the owner adds Gmail in
// personal mode (the name checked in place, a taken name refused beside the field), the card says
// "Each caller's own Google account" and who has connected, and offers the owner the link to connect
// theirs; the server is renamed (its tools' prefix changes). Then two shared Google connections on the
// integrations page (the second through "Add another connection", renamed), a Gmail server that names
// the second one, and the members' connected accounts card.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, onTestFailed } from "vitest";
import type { FakeOAuthProvider } from "../fakes/oauth-provider.ts";
import { type RunningServer, SERVER_HOOK_TIMEOUT } from "../support/server.ts";
import { type AxeFinding, axeFindings, describeFindings, failing } from "./support/axe.ts";
import { expect, screenshot, signedInPage, test } from "./support/browser.ts";
import { type GoogleServer, googleOrganization, startGoogleServer } from "./support/google-world.ts";
import { hydrated, poll, toastWith, visible } from "./support/page-helpers.ts";

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

let own: RunningServer;
let google: FakeOAuthProvider;
let server: GoogleServer;

beforeAll(async () => {
  server = await startGoogleServer({
    siteAdminLabel: "modes-site-admin",
    env: { ALLOW_PRIVATE_URLS: "true" },
  });
  ({ own, google } = server);
}, SERVER_HOOK_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

/** An organization on a plan with seats, its Google OAuth app saved, a project, and a member in it. */
const world = (label: string) =>
  googleOrganization(server, { label, organizationName: `${label} Org`, projectName: "Inbox agent" });

/** axe (WCAG 2.1 AA) over the page as it is now: its serious and critical findings go into `into`. */
async function checkAxe(page: Page, where: string, into: AxeFinding[]) {
  into.push(...failing(await axeFindings(page, where)));
}

async function openAddServer(page: Page) {
  await (await hydrated(page.getByRole("button", { name: "Add server" }).first())).click();
  const dialog = page.getByRole("dialog", { name: "Add server" });
  await visible(dialog);
  return dialog;
}

test("personal mode: a member connects their own Google, the owner adds Gmail for each caller and renames it", {
  timeout: 240_000,
}, async ({ browser }) => {
  const w = await world("personal");

  // The member connects their own Google account: the authorization starts as the connect page does,
  // the fake consents as the member, and the callback lands in the member's browser session.
  const memberSession = await signedInPage(browser, own.baseUrl, w.member, PHONE);
  google.consentAs = "ana.personal@gmail.test";
  const { authorizeUrl } = await w.member.mutate<{ authorizeUrl: string }>(
    "integrations.connections.startOAuth",
    { organizationId: w.organizationId, integrationId: "gmail", personal: true },
  );
  await memberSession.page.goto(await google.approve(authorizeUrl));
  await memberSession.page.waitForURL((url) => url.pathname.startsWith("/app/"));

  // The owner adds Gmail: with no shared Google connection, "Each caller's own" is the choice.
  const { context, page, errors } = await signedInPage(browser, own.baseUrl, w.owner, DESKTOP);
  onTestFailed(async () => {
    await screenshot(page, "FAILED-modes-personal").catch(() => null);
  });
  await page.goto(`/app/project/${w.projectId}/servers`);
  await visible(page.getByRole("heading", { name: "No servers yet" }));
  let dialog = await openAddServer(page);
  await visible(dialog.getByRole("button", { name: "Add Gmail" }));
  await screenshot(page, "modes-00-add-list-1280");
  const findings: AxeFinding[] = [];
  await checkAxe(page, "add server: list", findings);
  await (await hydrated(dialog.getByRole("button", { name: "Add Gmail" }))).click();
  const name = dialog.getByLabel("Server name");
  await visible(name);
  await expect(name.inputValue()).resolves.toBe("gmail");
  await poll(() => name.evaluate((element) => element === document.activeElement)).toBe(true);
  await expect(
    dialog.getByRole("radio", { name: /organization's shared Google connection/ }).isDisabled(),
  ).resolves.toBe(true);
  const personal = dialog.getByRole("radio", { name: "Each caller's own Google account" });
  await expect(personal.isChecked()).resolves.toBe(true);
  await visible(dialog.getByText(/Project API keys cannot call it/));
  // Checked as the server checks it, in place.
  await name.fill("Gmail!");
  await dialog.getByRole("button", { name: "Add server" }).click();
  await visible(dialog.getByText("Use lowercase letters, digits and _, starting with a letter"));
  await poll(() => name.evaluate((element) => element === document.activeElement)).toBe(true);
  await name.fill("gmail");
  await expect(dialog.getByTestId("tool-name-example").textContent()).resolves.toBe("gmail_<tool>");
  await screenshot(page, "modes-01-add-personal-1280");
  await checkAxe(page, "add server: form, personal", findings);
  await dialog.getByRole("button", { name: "Add server" }).click();
  await toastWith(page, "Gmail added");

  const card = page.getByTestId("server-Gmail");
  await visible(card.getByText("Each caller's own Google account"));
  await visible(card.getByText(`Connected: ${w.memberUser.name}`));
  const connectLink = card.getByRole("link", { name: /Connect/ });
  await visible(card.getByText(/You have not connected yours/));
  const href = new URL((await connectLink.getAttribute("href")) ?? "", own.baseUrl);
  expect(href.pathname).toBe("/app/connect/gmail");
  expect(href.searchParams.get("organization")).toBe(w.organizationId);
  expect(href.searchParams.get("personal")).toBe("1");
  await screenshot(page, "modes-02-card-personal-1280");
  await checkAxe(page, "servers: personal card", findings);

  // Added again under the same name: refused beside the name field; the list says it is added.
  dialog = await openAddServer(page);
  await (await hydrated(dialog.getByRole("button", { name: "Add another Gmail" }))).click();
  await expect(dialog.getByLabel("Server name").inputValue()).resolves.toBe("gmail_2");
  await dialog.getByLabel("Server name").fill("gmail");
  await dialog.getByRole("button", { name: "Add server" }).click();
  await visible(
    dialog.getByText("This project already has a server named gmail. Give this one another name."),
  );
  await screenshot(page, "modes-03-name-taken-1280");
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });

  // Renamed: the warning names the tools' new prefix, and the tools follow.
  await card.getByRole("button", { name: "Edit Gmail" }).click();
  const edit = page.getByRole("dialog", { name: "Edit server" });
  const editName = await hydrated(edit.getByLabel("Server name"));
  await editName.fill("mail");
  await visible(edit.getByTestId("rename-warning").getByText(/instead of/));
  await screenshot(page, "modes-04-rename-1280");
  await checkAxe(page, "edit server", findings);
  await edit.getByRole("button", { name: "Save changes" }).click();
  await toastWith(page, "Server renamed to mail");
  const renamed = page.getByTestId("server-Gmail (mail)");
  await visible(renamed.getByTestId("server-prefix").getByText("mail_…"));
  const serverId = (
    await w.owner.query<{ id: string; serverName: string }[]>("projectServers.getProjectServersByProjectId", {
      projectId: w.projectId,
    })
  )[0]?.id;
  const tools = await w.owner.query<{ name: string; tools: { name: string }[] }>(
    "projectServers.getServerTools",
    { projectId: w.projectId, serverId },
  );
  expect(tools.name).toBe("mail");
  expect(tools.tools.length).toBeGreaterThan(0);
  expect(tools.tools.every((tool) => tool.name.startsWith("mail_"))).toBe(true);
  await renamed.getByRole("button", { name: "Show tools" }).click();
  await visible(renamed.getByText("mail_search_messages").first());
  await screenshot(page, "modes-05-renamed-1280");

  // The member at 390 px: connected, so no prompt to connect.
  const memberPage = memberSession.page;
  await memberPage.goto(`/app/project/${w.projectId}/servers`);
  const memberCard = memberPage.getByTestId("server-Gmail (mail)");
  await visible(memberCard.getByText("Each caller's own Google account"));
  await visible(memberCard.getByText(`Connected: ${w.memberUser.name}`));
  expect(await memberCard.getByText(/You have not connected yours/).count()).toBe(0);
  await screenshot(memberPage, "modes-06-card-member-390");
  // The member edits too (an editor): the dialog fits the phone.
  await (await hydrated(memberCard.getByRole("button", { name: "Edit Gmail (mail)" }))).click();
  await visible(memberPage.getByRole("dialog", { name: "Edit server" }).getByLabel("Server name"));
  await screenshot(memberPage, "modes-07-edit-390");
  await memberPage.keyboard.press("Escape");

  // The owner at 390 px: the card with the connect prompt, and the add form.
  await page.setViewportSize(PHONE);
  await page.reload();
  await visible(page.getByTestId("server-Gmail (mail)").getByText(/You have not connected yours/));
  await screenshot(page, "modes-08-card-owner-390");
  dialog = await openAddServer(page);
  await (await hydrated(dialog.getByRole("button", { name: "Add another Gmail" }))).click();
  await visible(dialog.getByLabel("Server name"));
  await screenshot(page, "modes-09-add-form-390");
  await page.keyboard.press("Escape");

  // A personal API key (acts as its creator, so it can call the server above); the list says which kind.
  await page.goto(`/app/project/${w.projectId}/api-keys`);
  await (await hydrated(page.getByRole("button", { name: "Create API key" }).first())).click();
  const create = page.getByRole("dialog", { name: "Create API key" });
  await create.getByLabel("Name").fill("Ana's Claude");
  const projectKind = create.getByRole("radio", { name: "Project key" });
  await expect(projectKind.isChecked()).resolves.toBe(true);
  await create.getByRole("radio", { name: "Personal key" }).check();
  await screenshot(page, "modes-15-key-type-390");
  await checkAxe(page, "create API key: key type", findings);
  await create.getByRole("button", { name: "Create key" }).click();
  await visible(page.getByRole("textbox", { name: "New API key" }));
  await page.getByRole("button", { name: "Done" }).click();
  await page.getByRole("button", { name: "Close without copying" }).click();
  await visible(page.getByRole("row", { name: /Ana's Claude/ }).getByText("Personal", { exact: true }));
  await screenshot(page, "modes-16-keys-list-390");
  await page.setViewportSize(DESKTOP);
  await visible(page.getByRole("row", { name: /Ana's Claude/ }).getByText("Personal", { exact: true }));
  await screenshot(page, "modes-17-keys-list-1280");
  const keys = await w.owner.query<{ name: string; kind: string }[]>("apiKeys.getUserApiKeysMasked", {
    projectId: w.projectId,
  });
  expect(keys.find((key) => key.name === "Ana's Claude")?.kind).toBe("personal");

  expect(failing(findings), describeFindings(findings)).toEqual([]);
  expect(errors).toEqual([]);
  expect(memberSession.errors).toEqual([]);
  await memberSession.context.close();
  await context.close();
});

test("several shared connections: add another, rename it, a server that names it; members' accounts", {
  timeout: 240_000,
}, async ({ browser }) => {
  const w = await world("shared");
  // The member's own Google account, for the owners' and admins' card.
  google.consentAs = "bo.own@gmail.test";
  const memberSession = await signedInPage(browser, own.baseUrl, w.member, DESKTOP);
  const { authorizeUrl } = await w.member.mutate<{ authorizeUrl: string }>(
    "integrations.connections.startOAuth",
    { organizationId: w.organizationId, integrationId: "gmail", personal: true },
  );
  await memberSession.page.goto(await google.approve(authorizeUrl));
  await memberSession.page.waitForURL((url) => url.pathname.startsWith("/app/"));
  await memberSession.context.close();

  const { context, page, errors } = await signedInPage(browser, own.baseUrl, w.owner, DESKTOP);
  onTestFailed(async () => {
    await screenshot(page, "FAILED-modes-shared").catch(() => null);
  });
  const editorUrl = `/app/organization/${w.organizationId}/integrations?editIntegration=gmail`;
  const back = () =>
    page.waitForURL(
      (url) => url.pathname.endsWith("/integrations") && url.searchParams.get("editIntegration") === "gmail",
    );
  await page.goto(editorUrl);
  let panel = page.getByRole("dialog").getByRole("region", { name: "Connection" });
  google.consentAs = "support@acme.test";
  await (await hydrated(panel.getByRole("button", { name: "Connect Google" }))).click();
  await back();
  panel = page.getByRole("dialog").getByRole("region", { name: "Connection" });
  await visible(panel.getByText("support@acme.test").first());
  google.consentAs = "sales@acme.test";
  await (await hydrated(panel.getByRole("button", { name: "Add another connection" }))).click();
  await back();
  panel = page.getByRole("dialog").getByRole("region", { name: "Connection" });
  await visible(panel.getByText("Connections (2)"));
  await visible(panel.getByText("sales@acme.test").first());

  // Rename the second: its label shows, its account under it.
  const second = panel.locator("li", { hasText: "sales@acme.test" });
  await (await hydrated(second.getByRole("button", { name: /Rename/ }))).click();
  const renameDialog = page.getByRole("dialog", { name: "Rename connection" });
  await renameDialog.getByLabel("Name").fill("Sales inbox");
  await renameDialog.getByRole("button", { name: "Save" }).click();
  await toastWith(page, "Connection renamed to Sales inbox");
  await visible(panel.getByText("Sales inbox").first());
  await visible(panel.getByText("Account: sales@acme.test"));
  await screenshot(page, "modes-10-two-connections-1280");
  const findings: AxeFinding[] = [];
  await checkAxe(page, "integrations: two shared connections", findings);
  await page.keyboard.press("Escape");

  // Members' connected accounts (owners and admins).
  const membersCard = page.getByRole("region", { name: "Members' connected accounts" });
  await visible(membersCard.getByText(w.memberUser.email));
  await visible(membersCard.getByText("bo.own@gmail.test").filter({ visible: true }));
  await screenshot(page, "modes-11-members-accounts-1280");
  await checkAxe(page, "integrations: members' accounts", findings);
  await page.setViewportSize(PHONE);
  await visible(membersCard.getByRole("button", { name: /Disconnect/ }));
  await screenshot(page, "modes-12-members-accounts-390");
  await page.setViewportSize(DESKTOP);

  // A Gmail server that names the second connection.
  await page.goto(`/app/project/${w.projectId}/servers`);
  const dialog = await openAddServer(page);
  await (await hydrated(dialog.getByRole("button", { name: "Add Gmail" }))).click();
  await expect(
    dialog.getByRole("radio", { name: /organization's shared Google connection/ }).isChecked(),
  ).resolves.toBe(true);
  await dialog.getByLabel("Server name").fill("sales_mail");
  await dialog.getByRole("combobox", { name: "Connection" }).click();
  await page.getByRole("option", { name: "Sales inbox" }).click();
  await checkAxe(page, "add server: form, shared choice", findings);
  await screenshot(page, "modes-13-add-shared-choice-1280");
  await dialog.getByRole("button", { name: "Add server" }).click();
  await toastWith(page, "Gmail (sales_mail) added");
  const card = page.getByTestId("server-Gmail (sales_mail)");
  await visible(card.getByText("Sales inbox"));
  await visible(card.getByText(/^Uses/));
  await screenshot(page, "modes-14-card-shared-1280");

  // Disconnect the member's account from the card, behind a confirmation.
  await page.goto(`/app/organization/${w.organizationId}/integrations`);
  await (await hydrated(page.getByRole("button", { name: /Disconnect .*Google account/ }))).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Disconnect" }).click();
  await toastWith(page, /Google account disconnected/);
  expect(failing(findings), describeFindings(findings)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
