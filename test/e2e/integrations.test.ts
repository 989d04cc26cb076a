// The integrations pages in Chromium: the public catalogue's search and filter, a detail page, and an
// organization owner saving credentials through the editor opened by ?editIntegration — with the
// secret never shown again — while a member only views.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import {
  basicAuth,
  FAKE_SESSION_TOKEN,
  type FakeApiProvider,
  startFakeApiProvider,
} from "../fakes/api-provider.ts";
import {
  type FakeOAuthProvider,
  type McpAuthorizationServerOptions,
  startFakeOAuthProvider,
} from "../fakes/oauth-provider.ts";
import { type RemoteMcpFake, startRemoteMcpFake } from "../fakes/remote-mcp-server.ts";
import { HttpClient } from "../support/http-client.ts";
import { type RunningServer, SERVER_HOOK_TIMEOUT, startServer } from "../support/server.ts";
import { newUser } from "../support/users.ts";
import { addSessionCookies, expect, screenshot, test } from "./support/browser.ts";
import { hydrated, poll, STEP_TIMEOUT, visible } from "./support/page-helpers.ts";

const cards = (page: Page) => page.getByTestId("catalogue-card");
const toastWith = (page: Page, text: string | RegExp) =>
  visible(
    page
      .getByRole("region", { name: /Notifications/ })
      .getByText(text)
      .first(),
  );

test("public catalogue: search, standard-tools filter, coming soon, detail", { timeout: 90_000 }, async ({
  page,
}) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  await page.goto("/integrations");
  await visible(page.getByRole("heading", { level: 1, name: "Integrations" }));
  await poll(() => cards(page).count()).toBe(44);
  await screenshot(page, "integrations-01-catalogue");

  const search = await hydrated(page.getByRole("searchbox", { name: "Search integrations" }));
  await search.fill("outlook");
  await poll(() => cards(page).count()).toBe(2);
  await poll(() => new URL(page.url()).searchParams.get("search")).toBe("outlook");

  await search.fill("dropbox");
  await poll(() => cards(page).count()).toBe(1);
  await expect(cards(page).getByRole("button", { name: "Coming Soon" }).isDisabled()).resolves.toBe(true);

  await search.fill("");
  await page.getByRole("link", { name: "Standard tools" }).click();
  await poll(() => new URL(page.url()).searchParams.get("filter")).toBe("standard-tools");
  await poll(() => cards(page).count()).toBe(5);
  await screenshot(page, "integrations-02-standard-tools");

  await page.getByRole("link", { name: "All", exact: true }).click();
  await poll(() => cards(page).count()).toBe(44);
  await page.getByRole("link", { name: "Connect: Gmail" }).click();
  await visible(page.getByRole("heading", { level: 1, name: "Gmail" }));
  await visible(page.getByText("Draft and send replies"));
  await screenshot(page, "integrations-03-detail");
});

// The organization tests run against a server of their own whose providers are local fakes.
let own: RunningServer;
let google: FakeOAuthProvider;
let atlassian: FakeOAuthProvider;
let caflouApi: FakeApiProvider;
// Exa's hosted MCP server and its authorization server (remote MCP OAuth: no app to register).
let exaAuth: FakeOAuthProvider;
let exaMcp: RemoteMcpFake;
const exaAuthOptions: McpAuthorizationServerOptions = { resource: "", registration: true };
const GOOGLE_APP = { clientId: "e2e-google-app", clientSecret: "e2e-google-secret-0000000001" };
const ATLASSIAN_APP = { clientId: "e2e-atlassian-app", clientSecret: "e2e-atlassian-secret-000001" };
const ATLASSIAN_SITES = [
  { id: "site-first", url: "https://first.atlassian.net", name: "first" },
  { id: "site-acme", url: "https://acme.atlassian.net", name: "acme" },
];

beforeAll(async () => {
  google = await startFakeOAuthProvider({
    clients: { [GOOGLE_APP.clientId]: GOOGLE_APP.clientSecret },
    expiresIn: 3600,
  });
  // Atlassian's authorization server (JSON token requests) also lists the token's sites, as
  // api.atlassian.com/oauth/token/accessible-resources does.
  atlassian = await startFakeOAuthProvider({
    clients: { [ATLASSIAN_APP.clientId]: ATLASSIAN_APP.clientSecret },
    expiresIn: 3600,
    jsonTokenRequests: true,
    sites: ATLASSIAN_SITES,
  });
  // Caflou's login takes the user's email and password; its token then authorizes the check.
  caflouApi = await startFakeApiProvider((request) =>
    request.path === "/api/v1/login"
      ? request.headers.authorization === basicAuth("ops@e2e.test", "caflou-password-e2e-0000009876")
      : request.headers.authorization === `Bearer ${FAKE_SESSION_TOKEN}`,
  );
  exaAuth = await startFakeOAuthProvider({ clients: {}, expiresIn: 3600, mcp: exaAuthOptions });
  exaMcp = await startRemoteMcpFake({
    tools: [{ name: "web_search_exa", description: "Search the web." }],
    auth: {
      header: "authorization",
      value: (presented) => exaAuth.issued.includes(presented?.replace(/^Bearer /, "") ?? ""),
    },
    protectedResource: { authorizationServers: [exaAuth.url], scopes: ["mcp:tools"], challenge: true },
  });
  exaAuthOptions.resource = exaMcp.url;
  own = await startServer({
    env: {
      // The Caflou base URL typed in the form points at a 127.0.0.1 fake.
      ALLOW_PRIVATE_URLS: "true",
      INTEGRATION_ENDPOINTS: JSON.stringify({
        google: { authorizeUrl: google.authorizeUrl, tokenUrl: google.tokenUrl, revokeUrl: google.revokeUrl },
        atlassian: {
          authorizeUrl: atlassian.authorizeUrl,
          tokenUrl: atlassian.tokenUrl,
          apiBaseUrl: atlassian.url,
        },
        exa: { mcpUrl: exaMcp.url },
      }),
    },
  });
  // The instance's first account is its site admin: it puts the test organizations on a plan with seats.
  siteAdmin = new HttpClient(own.baseUrl);
  await siteAdmin.signUp(newUser("int-site-admin"));
}, SERVER_HOOK_TIMEOUT);

afterAll(async () => {
  await own?.stop();
  await Promise.all([
    google?.close(),
    atlassian?.close(),
    caflouApi?.close(),
    exaAuth?.close(),
    exaMcp?.close(),
  ]);
});

async function signedInContext(browser: Browser, client: HttpClient): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: own.baseUrl, viewport: { width: 1280, height: 800 } });
  await addSessionCookies(context, own.baseUrl, client);
  return context;
}

let siteAdmin: HttpClient;

async function organizationWithMember() {
  const owner = new HttpClient(own.baseUrl);
  await owner.signUp(newUser("int-owner"));
  const organization = await owner.mutate<{ id: string }>("organization.create", {
    name: "Integrations Org",
  });
  await siteAdmin.mutate("admin.setOrganizationPlan", {
    organizationId: organization.id,
    plan: "start",
    interval: "monthly",
  });
  const memberUser = newUser("int-member");
  const member = new HttpClient(own.baseUrl);
  await member.signUp(memberUser);
  const invitation = await owner.mutate<{ id: string }>("organizationInvitations.invite", {
    organizationId: organization.id,
    email: memberUser.email,
    role: "member",
  });
  await member.mutate("organizationInvitations.accept", { invitationId: invitation.id });
  return { owner, member, organizationId: organization.id };
}

test("API-token credentials: checked, saved, never shown again; members only view", {
  timeout: 120_000,
}, async ({ browser }) => {
  const { owner, member, organizationId } = await organizationWithMember();
  const context = await signedInContext(browser, owner);
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const secret = "caflou-password-e2e-0000009876";

  await page.goto(`/app/organization/${organizationId}/integrations?editIntegration=caflou`);
  const dialog = page.getByRole("dialog", { name: /Caflou · Caflou credentials/ });
  await visible(dialog);
  const save = await hydrated(dialog.getByRole("button", { name: "Save", exact: true }));
  await save.click();
  await visible(dialog.getByText("Email is required"));
  await visible(dialog.getByText("Password is required"));
  await visible(dialog.getByText("Account ID is required"));
  await dialog.getByLabel("Base URL").fill("not a url");
  await save.click();
  await visible(dialog.getByText("Base URL must be a valid URL"));
  await screenshot(page, "integrations-04-editor-errors");

  // A password the provider's login refuses is reported and not saved.
  await dialog.getByLabel("Email").fill("ops@e2e.test");
  await dialog.getByLabel("Password").fill("caflou-wrong-password");
  await dialog.getByLabel("Account ID").fill("4711");
  await dialog.getByLabel("Base URL").fill(caflouApi.url);
  await save.click();
  // Said in the dialog, in a plain sentence, not as a code in a toast that vanishes.
  await visible(
    dialog
      .getByRole("alert")
      .getByText(
        "Caflou refused this email and password: check them, and that the user signs in without two-factor authentication.",
      ),
  );
  await screenshot(page, "integrations-04b-editor-refused");

  await dialog.getByLabel("Password").fill(secret);
  await save.click();
  await toastWith(page, "Caflou API token credentials saved");
  await visible(dialog.getByText(/Saved \(••••9876\)\. Leave empty to keep it/));
  await expect(dialog.getByLabel("Password").inputValue()).resolves.toBe("");
  await visible(dialog.getByRole("region", { name: "Connection" }).getByText("Connected", { exact: true }));
  await screenshot(page, "integrations-05-editor-saved");

  await dialog.getByRole("button", { name: "Done" }).click();
  await poll(() => new URL(page.url()).searchParams.has("editIntegration")).toBe(false);
  const row = page.locator('tr[data-integration="caflou"]');
  await visible(row.getByText("Connected", { exact: true }).last());
  // A fresh load of the page: the secret is nowhere in the HTML or the dehydrated data.
  await page.reload();
  await visible(row.getByText("Connected", { exact: true }).last());
  expect(await page.content()).not.toContain(secret);

  const memberContext = await signedInContext(browser, member);
  const memberPage = await memberContext.newPage();
  memberPage.setDefaultTimeout(STEP_TIMEOUT);
  await memberPage.goto(`/app/organization/${organizationId}/integrations`);
  const view = await hydrated(memberPage.getByRole("button", { name: "View Caflou" }));
  await view.click();
  const memberDialog = memberPage.getByRole("dialog");
  await visible(memberDialog.getByText(/Saved \(••••9876\)/));
  expect(await memberDialog.getByRole("button", { name: "Save", exact: true }).count()).toBe(0);
  expect(await memberDialog.getByRole("button", { name: "Disconnect" }).count()).toBe(0);
  await expect(memberDialog.getByLabel("Account ID").isDisabled()).resolves.toBe(true);
  await screenshot(memberPage, "integrations-06-member-view");
  await memberContext.close();

  await page.goto(`/app/organization/${organizationId}`);
  await visible(
    page.getByTestId("integrations-counts").getByText(/1 of 19 integrations ready · 1 credential saved/),
  );
  expect(errors).toEqual([]);
  await context.close();
});

test("OAuth: save the organization's app, connect through the provider, disconnect", {
  timeout: 120_000,
}, async ({ browser }) => {
  const { owner, organizationId } = await organizationWithMember();
  const context = await signedInContext(browser, owner);
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);

  await page.goto(`/app/organization/${organizationId}/integrations?editIntegration=google-drive`);
  const dialog = page.getByRole("dialog", { name: /Google Drive · Google credentials/ });
  await visible(dialog.getByText("These Google credentials serve Gmail, Google Calendar, Google Drive."));
  const connect = dialog.getByRole("button", { name: "Connect Google" });
  await expect(connect.isDisabled()).resolves.toBe(true);
  await expect(dialog.getByLabel("Redirect URI").inputValue()).resolves.toBe(
    `${own.baseUrl}/api/integrations/oauth/callback`,
  );
  // How to register the app: the console, the address to paste (with a copy button), the scopes.
  const guide = dialog.getByRole("region", { name: "Register the OAuth app" });
  await expect(guide.getByRole("link", { name: /Google Cloud console/ }).getAttribute("href")).resolves.toBe(
    "https://console.cloud.google.com/apis/credentials",
  );
  await expect(guide.getByLabel("Callback address to register").inputValue()).resolves.toBe(
    `${own.baseUrl}/api/integrations/oauth/callback`,
  );
  await visible(guide.getByRole("button", { name: /Copy/ }));
  const scopes = guide.getByRole("list", { name: "Scopes to enable" });
  await visible(scopes.getByText("https://www.googleapis.com/auth/gmail.modify"));
  await visible(scopes.getByText("https://www.googleapis.com/auth/drive"));
  await screenshot(page, "integrations-06b-oauth-guide");
  await (await hydrated(dialog.getByLabel("Client ID"))).fill(GOOGLE_APP.clientId);
  await dialog.getByLabel("Client secret").fill(GOOGLE_APP.clientSecret);
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await toastWith(page, "Google OAuth credentials saved");

  // To the provider and back: the fake consents at once and redirects to Portico's callback.
  await connect.click();
  await page.waitForURL(
    (url) =>
      url.pathname.endsWith("/integrations") && url.searchParams.get("editIntegration") === "google-drive",
  );
  const panel = page.getByRole("dialog").getByRole("region", { name: "Connection" });
  await visible(panel.getByText("Connected", { exact: true }));
  expect(new URLSearchParams(google.codeRequests.at(-1)?.body).get("code_verifier")).toBeTruthy();
  await screenshot(page, "integrations-07-oauth-connected");

  await panel.getByRole("button", { name: "Disconnect" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Disconnect" }).click();
  await toastWith(page, "Google disconnected and access revoked");
  await visible(panel.getByText("Disconnected; access revoked at Google."));
  expect(google.revoked).toHaveLength(1);
  await context.close();
});

test("Exa: sign in with OAuth, no app to register", { timeout: 120_000 }, async ({ browser }) => {
  const { owner, organizationId } = await organizationWithMember();
  const context = await signedInContext(browser, owner);
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));

  await page.goto(`/app/organization/${organizationId}/integrations?editIntegration=exa`);
  const dialog = page.getByRole("dialog", { name: /Exa · Exa credentials/ });
  await (await hydrated(dialog.getByRole("tab", { name: "OAuth" }))).click();
  await visible(dialog.getByText(/^No OAuth app to register/));
  // Nothing to fill in or save, and no app registration guide.
  expect(await dialog.getByRole("button", { name: "Save", exact: true }).count()).toBe(0);
  expect(await dialog.getByRole("region", { name: "Register the OAuth app" }).count()).toBe(0);
  await screenshot(page, "integrations-07c-exa-oauth");

  // Portico registers itself with Exa's authorization server, the fake consents, and back.
  await dialog.getByRole("button", { name: "Connect Exa" }).click();
  await page.waitForURL(
    (url) => url.pathname.endsWith("/integrations") && url.searchParams.get("editIntegration") === "exa",
  );
  const panel = page.getByRole("dialog").getByRole("region", { name: "Connection" });
  await visible(panel.getByText("Connected", { exact: true }));
  expect(exaAuth.registrations).toHaveLength(1);
  expect(exaAuth.authorizeRequests.at(-1)?.get("resource")).toBe(exaMcp.url);
  const connections = await owner.query<{ provider: string; status: string; authFlow: string }[]>(
    "integrations.connections.getOrganizationConnections",
    { organizationId },
  );
  expect(connections.find((item) => item.provider === "exa")).toMatchObject({
    status: "active",
    authFlow: "oauth",
  });
  expect(errors).toEqual([]);
  await context.close();
});

test("Atlassian: a token that reaches several sites waits for the owner to choose one", {
  timeout: 120_000,
}, async ({ browser }) => {
  const { owner, organizationId } = await organizationWithMember();
  await owner.mutate("integrations.credentials.saveOrganizationCredential", {
    organizationId,
    provider: "atlassian",
    authFlow: "oauth",
    values: { ...ATLASSIAN_APP, redirectUri: `${own.baseUrl}/api/integrations/oauth/callback` },
  });
  const context = await signedInContext(browser, owner);
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));

  await page.goto(`/app/organization/${organizationId}/integrations?editIntegration=jira`);
  const dialog = page.getByRole("dialog", { name: /Jira · Atlassian credentials/ });
  await (await hydrated(dialog.getByRole("button", { name: "Connect Atlassian" }))).click();
  await page.waitForURL(
    (url) => url.pathname.endsWith("/integrations") && url.searchParams.get("editIntegration") === "jira",
  );
  const panel = page.getByRole("dialog").getByRole("region", { name: "Connection" });
  await visible(panel.getByText("Choose which Atlassian site Portico should use."));
  await screenshot(page, "integrations-07b-atlassian-choose-site");

  await (await hydrated(panel.getByRole("combobox"))).click();
  await page.getByRole("option", { name: "acme (https://acme.atlassian.net)" }).click();
  await toastWith(page, "Atlassian uses acme");
  await visible(panel.getByText("Connected", { exact: true }));
  const connections = await owner.query<{ provider: string; status: string; account: unknown }[]>(
    "integrations.connections.getOrganizationConnections",
    { organizationId },
  );
  expect(connections.find((item) => item.provider === "atlassian")).toMatchObject({
    status: "active",
    account: { site: ATLASSIAN_SITES[1] },
  });
  expect(errors).toEqual([]);
  await context.close();
});

test("Connect Gmail on the public page opens the organization's Gmail dialog; a stale callback explains itself", {
  timeout: 90_000,
}, async ({ browser }) => {
  const { owner, organizationId } = await organizationWithMember();
  const context = await signedInContext(browser, owner);
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);

  await page.goto("/integrations/gmail");
  await (await hydrated(page.getByRole("link", { name: "Connect Gmail" }))).click();
  await page.waitForURL(
    (url) =>
      url.pathname === `/app/organization/${organizationId}/integrations` &&
      url.searchParams.get("editIntegration") === "gmail",
  );
  await visible(page.getByRole("dialog", { name: /Gmail · Google credentials/ }));

  const response = await page.goto("/api/integrations/oauth/callback?state=long-gone&code=abc");
  expect(response?.status()).toBe(400);
  await visible(page.getByRole("heading", { name: "This connection request has expired" }));
  await screenshot(page, "integrations-08-stale-callback");
  await page.getByRole("link", { name: "Back to Portico" }).click();
  await page.waitForURL((url) => url.pathname === "/app/dashboard");
  await context.close();
});
