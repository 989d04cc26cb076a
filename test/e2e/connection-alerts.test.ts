// A broken connection in Chromium: Caflou's check starts failing, the organization's and the project's
// overviews say so in place with a Reconnect link for the owner (the member is told whom to ask), the
// Integrations nav item carries a count, at 1280 and 375 px; Reconnect opens Caflou's editor; once the
// connection works again the banner is gone.
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import {
  basicAuth,
  FAKE_SESSION_TOKEN,
  type FakeApiProvider,
  startFakeApiProvider,
} from "../fakes/api-provider.ts";
import { HttpClient } from "../support/http-client.ts";
import { type RunningServer, SERVER_HOOK_TIMEOUT, startServer } from "../support/server.ts";
import { newUser } from "../support/users.ts";
import { addSessionCookies, expect, screenshot, test } from "./support/browser.ts";
import { hydrated, poll, STEP_TIMEOUT, visible, waitForPath } from "./support/page-helpers.ts";

const CAFLOU = { email: "ops@alerts.test", password: "caflou-password-alerts-0000001", accountId: "42" };
let own: RunningServer;
let caflou: FakeApiProvider;
const valid = (request: { path: string; headers: Record<string, string | string[] | undefined> }) =>
  request.path === "/api/v1/login"
    ? request.headers.authorization === basicAuth(CAFLOU.email, CAFLOU.password)
    : request.headers.authorization === `Bearer ${FAKE_SESSION_TOKEN}`;

beforeAll(async () => {
  caflou = await startFakeApiProvider(valid);
  own = await startServer({ env: { ALLOW_PRIVATE_URLS: "true" } });
}, SERVER_HOOK_TIMEOUT);

afterAll(async () => {
  await own?.stop();
  await caflou?.close();
});

async function contextFor(browser: Browser, client: HttpClient, width: number): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: own.baseUrl, viewport: { width, height: 800 } });
  await addSessionCookies(context, own.baseUrl, client);
  return context;
}

test("a broken connection: banner on both overviews, nav count, Reconnect; gone once fixed", {
  timeout: 150_000,
}, async ({ browser }) => {
  // The instance's first account is its site admin: it gives the organization a plan with seats.
  const siteAdmin = new HttpClient(own.baseUrl);
  await siteAdmin.signUp(newUser("alerts-site-admin"));
  const owner = new HttpClient(own.baseUrl);
  await owner.signUp(newUser("alerts-owner"));
  const { id: organizationId } = await owner.mutate<{ id: string }>("organization.create", {
    name: "Alerts Org",
  });
  await siteAdmin.mutate("admin.setOrganizationPlan", { organizationId, plan: "start", interval: "monthly" });
  const memberUser = newUser("alerts-member");
  const member = new HttpClient(own.baseUrl);
  await member.signUp(memberUser);
  const invitation = await owner.mutate<{ id: string }>("organizationInvitations.invite", {
    organizationId,
    email: memberUser.email,
    role: "member",
  });
  await member.mutate("organizationInvitations.accept", { invitationId: invitation.id });
  const { id: projectId } = await owner.mutate<{ id: string }>("project.create", {
    organizationId,
    name: "Support bot",
  });
  await owner.mutate("integrations.credentials.saveOrganizationCredential", {
    organizationId,
    provider: "caflou",
    authFlow: "api-token",
    values: { ...CAFLOU, baseUrl: caflou.url },
  });
  // Caflou stops accepting the saved login; the re-check puts the connection in error.
  caflou.accepts = () => false;
  await owner.mutate("integrations.connections.recheck", { organizationId, provider: "caflou" });

  for (const width of [1280, 375]) {
    const context = await contextFor(browser, owner, width);
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`/app/organization/${organizationId}`);
    const banner = page.getByTestId("connection-alerts");
    await visible(banner.getByText("Caflou needs attention:"));
    await visible(banner.getByRole("link", { name: "Reconnect Caflou" }));
    if (width === 1280) {
      await visible(page.getByRole("link", { name: "Integrations (1 connection needs attention)" }));
    }
    await screenshot(page, `connection-alerts-organization-${width}`);
    await page.goto(`/app/project/${projectId}`);
    await visible(page.getByTestId("connection-alerts").getByText("Caflou needs attention:"));
    await screenshot(page, `connection-alerts-project-${width}`);
    if (width === 375) {
      await page.goto(`/app/organization/${organizationId}`);
      await (await hydrated(page.getByRole("button", { name: "Open navigation" }))).click();
      await visible(page.getByRole("link", { name: "Integrations (1 connection needs attention)" }));
      // The drawer slides in: photographed once it is all in view.
      await poll(async () => (await page.getByRole("dialog", { name: "Navigation" }).boundingBox())?.x).toBe(
        0,
      );
      await screenshot(page, "connection-alerts-nav-375");
      await page.keyboard.press("Escape");
    }
    await page.goto(`/app/organization/${organizationId}`);
    await page.getByTestId("connection-alerts").getByRole("link", { name: "Reconnect Caflou" }).click();
    await waitForPath(page, new RegExp(`/app/organization/${organizationId}/integrations$`));
    expect(new URL(page.url()).searchParams.get("editIntegration")).toBe("caflou");
    await visible(page.getByRole("dialog", { name: /Caflou/ }));
    expect(errors).toEqual([]);
    await context.close();
  }

  // A member sees the same lines without the link, and whom to ask.
  const memberContext = await contextFor(browser, member, 375);
  const memberPage = await memberContext.newPage();
  memberPage.setDefaultTimeout(STEP_TIMEOUT);
  await memberPage.goto(`/app/organization/${organizationId}`);
  const memberBanner = memberPage.getByTestId("connection-alerts");
  await visible(memberBanner.getByText(/Only owners and admins can reconnect: ask alerts-owner/));
  expect(await memberBanner.getByRole("link").count()).toBe(0);
  await screenshot(memberPage, "connection-alerts-member-375");

  // Working again: nothing to show.
  caflou.accepts = valid;
  await owner.mutate("integrations.connections.recheck", { organizationId, provider: "caflou" });
  await memberPage.goto(`/app/organization/${organizationId}`);
  await visible(memberPage.getByRole("heading", { level: 1, name: "Alerts Org" }));
  expect(await memberPage.getByTestId("connection-alerts").count()).toBe(0);
  expect(await memberPage.getByRole("link", { name: /needs attention/ }).count()).toBe(0);
  await memberContext.close();
});
