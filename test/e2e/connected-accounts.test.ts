// Personal connections in Chromium, at 1280 and 390 px: a member follows a personal-mode server's
// connect prompt link (signed out at first: the link survives signing in), reads whose account agents
// will use, connects Google through the fake provider and lands on the account page's Connected
// accounts with the connection and the project that uses it; renames it from the keyboard, then
// disconnects it behind a confirmation. Also: the empty state, a non-member following the link, and axe
// over the new page states.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { FakeOAuthProvider } from "../fakes/oauth-provider.ts";
import type { Credentials } from "../support/app.ts";
import { HttpClient } from "../support/http-client.ts";
import { type RunningServer, SERVER_HOOK_TIMEOUT } from "../support/server.ts";
import { newUser } from "../support/users.ts";
import { type AxeFinding, axeFindings, COLOUR_RULES, describeFindings, failing } from "./support/axe.ts";
import { addSessionCookies, expect, screenshot, screenshotDir, test } from "./support/browser.ts";
import { type GoogleServer, googleOrganization, startGoogleServer } from "./support/google-world.ts";
import { hydrated, poll, STEP_TIMEOUT, toastWith, visible, waitForPath } from "./support/page-helpers.ts";

let own: RunningServer;
let google: FakeOAuthProvider;
let server: GoogleServer;

beforeAll(async () => {
  server = await startGoogleServer({ siteAdminLabel: "personal-site-admin" });
  ({ own, google } = server);
}, SERVER_HOOK_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

/**
 * An organization with Google's OAuth app saved, a project whose Gmail server uses each caller's own
 * account, and a member who edits that project.
 */
async function personalModeWorld(label: string) {
  const world = await googleOrganization(server, {
    label,
    organizationName: `Personal Org ${label}`,
    projectName: "Support bot",
  });
  await world.owner.mutate("projectServers.addServer", {
    projectId: world.projectId,
    integrationId: "gmail",
    connectionMode: "personal",
  });
  return world;
}

async function newPage(
  browser: Browser,
  width: number,
  signedInAs?: HttpClient,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: own.baseUrl,
    viewport: { width, height: 860 },
    colorScheme: "light",
  });
  // Transitions finished at once, so axe measures colours as they end up after a theme switch.
  await context.addInitScript(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync("*,*::before,*::after{transition-duration:0s!important;transition-delay:0s!important}");
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  if (signedInAs) await addSessionCookies(context, own.baseUrl, signedInAs);
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors };
}

async function signIn(page: Page, user: Credentials) {
  await visible(page.getByRole("heading", { name: "Sign in to Portico" }));
  await (await hydrated(page.getByLabel("Email"))).fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** A PNG of one element (the section), or of the viewport as seen (a dialog), beside screenshot()'s. */
async function shot(target: Locator | Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await target.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

/** axe's WCAG 2.1 AA rules in the light theme, then its colour rules in the dark one. */
async function expectAccessible(page: Page, where: string) {
  await poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  const findings: AxeFinding[] = await axeFindings(page, `${where} [light]`);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.waitForFunction(() => document.documentElement.classList.contains("dark"), null, {
    polling: "raf",
  });
  findings.push(...(await axeFindings(page, `${where} [dark]`, { rules: COLOUR_RULES })));
  await page.emulateMedia({ colorScheme: "light" });
  await page.waitForFunction(() => !document.documentElement.classList.contains("dark"), null, {
    polling: "raf",
  });
  expect(describeFindings(failing(findings))).toBe("");
}

for (const width of [1280, 390]) {
  test(`@${width}: the connect prompt's link connects the member's own Google account; rename; disconnect`, {
    timeout: 150_000,
  }, async ({ browser }) => {
    const world = await personalModeWorld(`w${width}`);
    // At 1280 the member follows the link signed out: sign-in sends them back to it, query and all.
    const { context, page, errors } = await newPage(
      browser,
      width,
      width === 1280 ? undefined : world.member,
    );
    const link = `/app/connect/gmail?organization=${world.organizationId}&personal=1`;
    const codesBefore = google.codeRequests.length;
    await page.goto(link);
    if (width === 1280) {
      await waitForPath(page, /^\/sign-in$/);
      expect(new URL(page.url()).searchParams.get("redirect")).toBe(link);
      await signIn(page, world.memberUser);
    }
    await waitForPath(page, /^\/app\/connect\/gmail$/);
    expect(new URL(page.url()).searchParams.get("organization")).toBe(world.organizationId);
    expect(new URL(page.url()).searchParams.get("personal")).toBe("1");

    // The page names the organization, the integration and whose account agents will use; it waits for a click.
    await visible(page.getByRole("heading", { level: 1, name: "Connect your Google account" }));
    const card = page.getByTestId("personal-connect");
    await visible(card.getByRole("heading", { name: `Gmail in ${world.organizationName}` }));
    await visible(card.getByText("agents and apps acting as you in its projects use it"));
    await visible(card.getByRole("link", { name: "Support bot" }));
    // Opening the link started nothing at Google.
    expect(google.codeRequests.length).toBe(codesBefore);
    await screenshot(page, `connected-accounts-01-connect-page-${width}`);
    await expectAccessible(page, `connect page @${width}`);

    // To Google and back: the fake consents at once, as the member, and redirects to Portico's callback.
    google.consentAs = world.memberUser.email;
    await (await hydrated(card.getByRole("button", { name: "Connect Google" }))).click();
    await waitForPath(page, /^\/app\/account$/);
    expect(new URL(page.url()).searchParams.get("connected")).toBe("google");
    expect(new URL(page.url()).hash).toBe("#connected-accounts");
    expect(google.codeRequests.length).toBe(codesBefore + 1);
    const section = page.getByRole("region", { name: "Connected accounts" });
    await visible(
      section.getByText(
        `Your Google account (${world.memberUser.email}) is connected in ${world.organizationName}.`,
        { exact: false },
      ),
    );
    const item = section.getByTestId("personal-connection");
    await visible(item);
    // Named by the account it reaches (Google's userinfo), with the provider beside it.
    await visible(item.getByText(world.memberUser.email, { exact: true }));
    await visible(item.getByText(/^Google · connected/));
    await visible(item.getByText("Connected", { exact: true }));
    await visible(item.getByRole("link", { name: "Support bot" }));
    await visible(item.getByText("· server gmail"));
    // The section was scrolled to once the page had loaded.
    await poll(() =>
      section.evaluate((element) => element.getBoundingClientRect().top < window.innerHeight),
    ).toBe(true);
    await screenshot(page, `connected-accounts-02-connected-${width}`);
    await shot(section, `connected-accounts-02b-connected-section-${width}`);
    await expectAccessible(page, `account page, connected @${width}`);

    // Rename from the keyboard: Rename focuses the field, Enter saves, focus returns to Rename.
    await (await hydrated(item.getByRole("button", { name: "Rename" }))).click();
    const label = item.getByLabel("Label");
    await poll(() => label.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type("Work mail");
    await page.keyboard.press("Enter");
    await toastWith(page, "Label saved: Work mail");
    await visible(item.getByText("Work mail", { exact: true }));
    // The label stands first; the account it reaches is still said.
    await visible(item.getByText(`Google · ${world.memberUser.email} · connected`, { exact: false }));
    await poll(() =>
      item.getByRole("button", { name: "Rename" }).evaluate((element) => element === document.activeElement),
    ).toBe(true);
    // Escape leaves the label as it was.
    await page.keyboard.press("Enter");
    await visible(item.getByLabel("Label"));
    await shot(section, `connected-accounts-02c-rename-${width}`);
    await page.keyboard.press("Escape");
    await poll(() => item.getByLabel("Label").count()).toBe(0);
    await visible(item.getByText("Work mail", { exact: true }));

    // Disconnect, behind a confirmation that says what agents acting as the member will do.
    const revokedBefore = google.revoked.length;
    await item.getByRole("button", { name: "Disconnect" }).click();
    const dialog = page.getByRole("alertdialog");
    await visible(dialog.getByText("they get a prompt asking you to connect it again"));
    // Photographed once its entry animation has finished.
    await poll(() => dialog.evaluate((element) => element.getAnimations({ subtree: true }).length)).toBe(0);
    await shot(page, `connected-accounts-03-disconnect-${width}`);
    await dialog.getByRole("button", { name: "Disconnect" }).click();
    await toastWith(page, "Google disconnected and access revoked");
    await visible(item.getByText("Disconnected", { exact: true }));
    await visible(item.getByText("Disconnected; access revoked at Google."));
    await poll(() => item.getByRole("button", { name: "Disconnect" }).count()).toBe(0);
    await visible(item.getByRole("button", { name: "Connect again" }));
    expect(google.revoked.length).toBe(revokedBefore + 1);
    // The notice about the return from Google has gone with the change; nothing says it failed.
    expect(await section.getByTestId("connected-notice").count()).toBe(0);
    expect(await section.getByRole("alert").count()).toBe(0);
    const [mine] = await world.member.query<{ connections: { status: string; label: string | null }[] }[]>(
      "integrations.connections.getMyConnections",
    );
    expect(mine?.connections).toMatchObject([{ status: "inactive", label: "Work mail" }]);
    await shot(section, `connected-accounts-04-disconnected-${width}`);
    expect(errors).toEqual([]);
    await context.close();
  });
}

test("waiting and empty states; a non-member following the link is told so", { timeout: 120_000 }, async ({
  browser,
}) => {
  const world = await personalModeWorld("states");
  for (const width of [1280, 390]) {
    // The owner edits the project too, and has not connected: the server waits for their account.
    const { context, page, errors } = await newPage(browser, width, world.owner);
    await page.goto("/app/account#connected-accounts");
    const section = page.getByRole("region", { name: "Connected accounts" });
    const waiting = section.getByTestId("waiting-connection");
    await visible(waiting.getByText("Support bot uses your own Google account"));
    await visible(await hydrated(waiting.getByRole("button", { name: "Connect Google" })));
    await shot(section, `connected-accounts-05-waiting-${width}`);
    await expectAccessible(page, `account page, waiting @${width}`);

    // Someone in no organization: nothing to list, and what personal mode is.
    const loner = new HttpClient(own.baseUrl);
    await loner.signUp(newUser(`loner-${width}`));
    await context.clearCookies();
    await addSessionCookies(context, own.baseUrl, loner);
    await page.goto("/app/account");
    await visible(section.getByRole("heading", { name: "No connected accounts yet" }));
    await shot(section, `connected-accounts-06-empty-${width}`);

    // The link of another organization's prompt: not a member, no button to connect.
    await page.goto(`/app/connect/gmail?organization=${world.organizationId}&personal=1`);
    await visible(page.getByRole("heading", { level: 1, name: "Connect your Google account" }));
    await visible(page.getByText("You are not a member of this organization"));
    expect(await page.getByRole("button", { name: "Connect Google" }).count()).toBe(0);
    await screenshot(page, `connected-accounts-07-not-member-${width}`);
    await expectAccessible(page, `connect page, not a member @${width}`);
    expect(errors).toEqual([]);
    await context.close();
  }
  // Without personal=1 the link still leads to the organization's integrations (unchanged).
  const { context, page } = await newPage(browser, 1280, world.owner);
  await page.goto(`/app/connect/gmail?organization=${world.organizationId}`);
  await waitForPath(page, new RegExp(`/app/organization/${world.organizationId}/integrations$`));
  expect(new URL(page.url()).searchParams.get("editIntegration")).toBe("gmail");
  await context.close();
});
