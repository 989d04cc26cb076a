// Root behaviours in a real browser (requirements §1, §2, §8): the theme (class on <html>, server-rendered,
// following the OS under "system"), toasts, the 404 and error pages, the /app redirects and the OAuth
// parameters that /sign-in carries on to the consent screen.
import type { BrowserContext, Locator, Page } from "playwright-core";
import { HttpClient } from "../support/http-client.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, signUpInto, test } from "./support/browser.ts";
import { hydrated, poll, STEP_TIMEOUT, visible } from "./support/page-helpers.ts";

const hidden = (locator: Locator) => locator.waitFor({ state: "hidden", timeout: STEP_TIMEOUT });

async function waitForPath(page: Page, pathname: string): Promise<URL> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: STEP_TIMEOUT });
  return new URL(page.url());
}

/** The class list of <html> as the page has it now. */
const htmlClass = (page: Page) => page.locator("html").getAttribute("class");

/** The class attribute of <html> in the server's HTML for `path`, fetched with the context's cookies. */
async function serverHtmlClass(context: BrowserContext, path: string): Promise<string | null> {
  const response = await context.request.get(path);
  expect(response.status()).toBe(200);
  const html = await response.text();
  return /<html\b[^>]*\bclass="([^"]*)"/.exec(html)?.[1] ?? null;
}

async function chooseTheme(page: Page, current: string, next: "Light" | "Dark" | "System") {
  await page.getByRole("button", { name: `Theme: ${current}` }).click();
  const menu = page.getByRole("menu");
  await visible(menu);
  await menu.getByRole("menuitemradio", { name: next }).click();
  await visible(page.getByRole("button", { name: `Theme: ${next}` }));
}

test("dark theme: class on <html>, rendered by the server, kept across reloads", async ({
  page,
  context,
  browser,
  server,
}) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  await page.emulateMedia({ colorScheme: "light" });
  await signUpInto(context, server.baseUrl, newUser("theme"));
  await page.goto("/app/dashboard");
  await hydrated(page.getByRole("button", { name: "Theme: System" }));
  // A new account follows the system, which is light here.
  expect(await page.locator("html").getAttribute("data-theme-preference")).toBe("system");
  expect(await htmlClass(page)).toBe("light");

  await chooseTheme(page, "System", "Dark");
  await poll(() => htmlClass(page)).toBe("dark");
  expect(await page.locator("html").getAttribute("data-theme-preference")).toBe("dark");
  expect(await page.locator("html").evaluate((html) => getComputedStyle(html).colorScheme)).toBe("dark");
  await screenshot(page, "root-theme-dark");

  // The server renders the class itself, before any script runs...
  expect(await serverHtmlClass(context, "/app/dashboard")).toBe("dark");
  // ...which a browser without JavaScript shows as is.
  const noScript = await browser.newContext({
    baseURL: server.baseUrl,
    javaScriptEnabled: false,
    storageState: await context.storageState(),
  });
  try {
    const staticPage = await noScript.newPage();
    await staticPage.goto("/app/dashboard");
    expect(await htmlClass(staticPage)).toBe("dark");
    expect(await staticPage.getByRole("heading", { level: 1, name: "Dashboard" }).count()).toBe(1);
  } finally {
    await noScript.close();
  }

  // A full reload keeps it, and the choice is the account's, not only this page's.
  await page.reload();
  await hydrated(page.getByRole("button", { name: "Theme: Dark" }));
  expect(await htmlClass(page)).toBe("dark");
  // A dark OS does not matter while the preference is an explicit light.
  await chooseTheme(page, "Dark", "Light");
  await poll(() => htmlClass(page)).toBe("light");
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await visible(page.getByRole("button", { name: "Theme: Light" }));
  expect(await htmlClass(page)).toBe("light");
  expect(await serverHtmlClass(context, "/app/dashboard")).toBe("light");
});

test('"system" theme follows the OS colour scheme live', async ({ page, context, server }) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  await page.emulateMedia({ colorScheme: "light" });
  await signUpInto(context, server.baseUrl, newUser("system"));
  await page.goto("/app/dashboard");
  await hydrated(page.getByRole("button", { name: "Theme: System" }));
  await chooseTheme(page, "System", "Dark");
  await poll(() => htmlClass(page)).toBe("dark");
  await chooseTheme(page, "Dark", "System");
  // Back on system with a light OS.
  await poll(() => htmlClass(page)).toBe("light");

  await page.emulateMedia({ colorScheme: "dark" });
  await poll(() => htmlClass(page)).toBe("dark");
  await page.emulateMedia({ colorScheme: "light" });
  await poll(() => htmlClass(page)).toBe("light");
  await page.emulateMedia({ colorScheme: "dark" });
  await poll(() => htmlClass(page)).toBe("dark");
  await screenshot(page, "root-theme-system-dark");

  // The last OS theme seen is remembered, so the next server render is already right.
  await poll(() => serverHtmlClass(context, "/app/dashboard")).toBe("dark");
  await page.reload();
  await hydrated(page.getByRole("button", { name: "Theme: System" }));
  expect(await htmlClass(page)).toBe("dark");
  await page.emulateMedia({ colorScheme: "light" });
  await poll(() => htmlClass(page)).toBe("light");
});

test("an OS theme switch between the first paint and hydration is followed", async ({
  page,
  context,
  server,
}) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  await page.emulateMedia({ colorScheme: "dark" });
  await signUpInto(context, server.baseUrl, newUser("prehydration"));
  // The scripts are held back, so the boot script in <head> has made the page dark and React has
  // not subscribed to the OS theme yet when it turns light.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/app/dashboard", { waitUntil: "commit" });
  await poll(() => htmlClass(page)).toBe("dark");
  await page.emulateMedia({ colorScheme: "light" });
  release();
  await hydrated(page.getByRole("button", { name: "Theme: System" }));
  await poll(() => htmlClass(page)).toBe("light");
});

test("toasts appear at the bottom right with square corners", async ({ page, context, server }) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  await signUpInto(context, server.baseUrl, newUser("toast"));
  await page.goto("/app/dashboard");
  await (await hydrated(page.getByRole("button", { name: "New organization" }).first())).click();
  const dialog = page.getByRole("dialog", { name: "Create organization" });
  await dialog.getByLabel("Organization name").fill("Toast test");
  await dialog.getByRole("button", { name: "Create organization" }).click();

  const region = page.getByRole("region", { name: /Notifications/ });
  const toast = region.getByRole("listitem").filter({ hasText: "Organization “Toast test” created" });
  await visible(toast);
  await screenshot(page, "root-toast");

  const toaster = region.locator("[data-sonner-toaster]");
  expect(await toaster.getAttribute("data-y-position")).toBe("bottom");
  expect(await toaster.getAttribute("data-x-position")).toBe("right");
  expect(await toast.getAttribute("data-type")).toBe("success");
  const corners = await toast.evaluate((element) => {
    const style = getComputedStyle(element);
    return [
      style.borderTopLeftRadius,
      style.borderTopRightRadius,
      style.borderBottomLeftRadius,
      style.borderBottomRightRadius,
    ];
  });
  expect(corners).toEqual(["0px", "0px", "0px", "0px"]);

  // Where it really is on the 1280×800 viewport: hugging the bottom-right corner.
  await poll(async () => {
    const box = await toast.boundingBox();
    return box ? { right: 1280 - (box.x + box.width) <= 64, bottom: 800 - (box.y + box.height) <= 64 } : null;
  }).toEqual({ right: true, bottom: true });
  const box = await toast.boundingBox();
  expect(box?.width).toBeCloseTo(356, 0);

  // It goes away by itself (4 s by default).
  await hidden(toast);
});

test("an unknown path shows the 404 text of requirements §8 with status 404, in the site's frame", async ({
  page,
}) => {
  const response = await page.goto("/no-such-page/anywhere");
  expect(response?.status()).toBe(404);
  await visible(page.getByRole("heading", { level: 1, name: "Sorry, this page could not be found." }));
  await visible(page.getByRole("link", { name: "Go Home" }));
  // Inside the public site's frame: its header and footer are there.
  await visible(page.getByRole("banner"));
  await visible(page.getByRole("contentinfo"));
  await screenshot(page, "root-not-found");
});

test("an unknown path under /app shows the 404 inside the app's shell", async ({ page, context, server }) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  await signUpInto(context, server.baseUrl, newUser("app-404"));
  const response = await page.goto("/app/no-such-page");
  expect(response?.status()).toBe(404);
  await visible(page.getByRole("heading", { level: 1, name: "Sorry, this page could not be found." }));
  // The app's navigation, not the public site's footer.
  await visible(page.getByRole("link", { name: "Marketplace" }).first());
  expect(await page.getByRole("contentinfo").count()).toBe(0);
});

/** Checks the error page of requirements §2/§8 for a missing resource (404) on `page`. */
async function expectNotFoundErrorPage(page: Page) {
  await visible(page.getByRole("heading", { level: 1, name: "Sorry, this page could not be found." }));
  await visible(page.getByText("404", { exact: true }));
  const helpText = page.getByText("Try refreshing the page, or contact support if the problem persists.");
  expect(await helpText.isVisible()).toBe(false);
  await page.getByText("Need help?").click();
  await visible(helpText);
  await visible(page.getByText("If you think this is a mistake, please contact support."));
  await visible(page.getByRole("button", { name: "Go Back" }));
  await visible(page.getByRole("link", { name: "Go Home" }));
}

const MISSING_ORGANIZATION = "/app/organization/no-such-organization";

test("a missing organization shows the error page", async ({ page, context, browser, server }) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  await signUpInto(context, server.baseUrl, newUser("missing"));
  await page.goto("/app/dashboard");
  await hydrated(page.getByRole("button", { name: "New organization" }).first());

  // Reached inside the app (a client-side navigation, as a link would do).
  await page.evaluate((path) => {
    window.history.pushState({}, "", path);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, MISSING_ORGANIZATION);
  await waitForPath(page, MISSING_ORGANIZATION);
  await expectNotFoundErrorPage(page);
  await screenshot(page, "root-error-page");

  // "Go Back" returns to the page before.
  await page.getByRole("button", { name: "Go Back" }).click();
  await waitForPath(page, "/app/dashboard");
  await visible(page.getByRole("heading", { level: 1, name: "Dashboard" }));

  // Loaded directly, the server answers 404 with the same page: seen here without JavaScript, so it
  // is the server's HTML and nothing else.
  const response = await page.goto(MISSING_ORGANIZATION);
  expect(response?.status()).toBe(404);
  const noScript = await browser.newContext({
    baseURL: server.baseUrl,
    javaScriptEnabled: false,
    storageState: await context.storageState(),
  });
  try {
    const staticPage = await noScript.newPage();
    staticPage.setDefaultTimeout(STEP_TIMEOUT);
    const staticResponse = await staticPage.goto(MISSING_ORGANIZATION);
    expect(staticResponse?.status()).toBe(404);
    await expectNotFoundErrorPage(staticPage);
  } finally {
    await noScript.close();
  }

  // "Go Home" goes to /.
  await (await hydrated(page.getByRole("link", { name: "Go Home" }))).click();
  await waitForPath(page, "/");
  await visible(page.getByRole("heading", { level: 1, name: "Connect AI agents to your business data" }));
});

// On a full page load the server renders the 404 error page; hydration must keep that copy, which needs
// the tRPC error's code to survive serialization (src/start.ts).
test("a server-rendered error page keeps its 404 copy after hydration", async ({ page, context, server }) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  await signUpInto(context, server.baseUrl, newUser("hydrate"));
  const response = await page.goto(MISSING_ORGANIZATION);
  expect(response?.status()).toBe(404);
  await hydrated(page.getByRole("button", { name: "Go Back" }));
  // The error view sits in the shell's main landmark (a <div>, not a second <main>).
  const title = page.locator("main#main p").first();
  await expect.poll(() => title.textContent(), { timeout: 3_000 }).toBe("404");
  expect(
    await page.getByRole("heading", { level: 1, name: "Sorry, this page could not be found." }).count(),
  ).toBe(1);
});

test("signed out, /app/dashboard redirects to /sign-in and back after signing in", async ({
  page,
  server,
}) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  const user = newUser("redirect");
  await new HttpClient(server.baseUrl).signUp(user);
  await page.goto("/app/dashboard");
  const url = await waitForPath(page, "/sign-in");
  expect(url.searchParams.get("redirect")).toBe("/app/dashboard");
  await visible(page.getByRole("heading", { name: "Sign in to Portico" }));
  await hydrated(page.getByRole("button", { name: "Sign in" }));
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await waitForPath(page, "/app/dashboard");
  await visible(page.getByRole("heading", { level: 1, name: "Dashboard" }));
});

test("/app and /app/ open the dashboard", async ({ page, context, server }) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  await signUpInto(context, server.baseUrl, newUser("app"));
  await page.goto("/app");
  await waitForPath(page, "/app/dashboard");
  await visible(page.getByRole("heading", { level: 1, name: "Dashboard" }));
  await page.goto("/app/");
  await waitForPath(page, "/app/dashboard");
  await visible(page.getByRole("heading", { level: 1, name: "Dashboard" }));
});

test("a user who is not a site admin is sent from /app/admin to the dashboard", async ({
  page,
  context,
  server,
}) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  // The first account of the instance is its admin: make sure that is someone else.
  await new HttpClient(server.baseUrl).signUp(newUser("first"));
  const user = newUser("plain");
  await signUpInto(context, server.baseUrl, user);

  await page.goto("/app/admin");
  await waitForPath(page, "/app/dashboard");
  await visible(page.getByRole("heading", { level: 1, name: "Dashboard" }));
  await visible(page.getByRole("status").getByText(/admin area is only for site administrators/));
  await page.goto("/app/admin/outbox");
  await waitForPath(page, "/app/dashboard");
  await visible(page.getByRole("heading", { level: 1, name: "Dashboard" }));

  // Nor does the account menu offer the admin area.
  await hydrated(page.getByRole("button", { name: `Account menu for ${user.name}` }));
  await page.getByRole("button", { name: `Account menu for ${user.name}` }).click();
  const menu = page.getByRole("menu");
  await visible(menu.getByRole("menuitem", { name: "Sign out" }));
  expect(await menu.getByRole("menuitem", { name: "Admin" }).count()).toBe(0);
});

test("a trailing slash is removed: /sign-in/ → /sign-in", async ({ page }) => {
  const response = await page.goto("/sign-in/?redirect=%2Fapp%2Fdashboard");
  expect(response?.status()).toBe(200);
  expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(308);
  const url = new URL(page.url());
  expect(url.pathname).toBe("/sign-in");
  expect(url.searchParams.get("redirect")).toBe("/app/dashboard");
  await visible(page.getByRole("heading", { name: "Sign in to Portico" }));
});

test("/sign-in carries the OAuth request on to /oauth/consent", async ({ page, server }) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  const user = newUser("oauth");
  await new HttpClient(server.baseUrl).signUp(user);
  // A registered client: the consent screen only shows requests the authorization server accepted.
  const registration = await new HttpClient(server.baseUrl).postJson("/api/auth/oauth2/register", {
    client_name: "Root behaviours",
    redirect_uris: ["http://localhost/cb"],
    token_endpoint_auth_method: "none",
  });
  const { client_id: clientId } = (await registration.json()) as { client_id: string };
  const query =
    `client_id=${clientId}&client_id=b&state=s&response_type=code&redirect_uri=http%3A%2F%2Flocalhost%2Fcb` +
    "&code_challenge=c&code_challenge_method=S256";
  await page.goto(`/sign-in?${query}`);
  await visible(page.getByRole("heading", { name: "Sign in to Portico" }));
  // The link to sign-up keeps the request too.
  const signUpHref = (await page.getByRole("link", { name: "Create an account" }).getAttribute("href")) ?? "";
  const signUpUrl = new URL(signUpHref, server.baseUrl);
  expect(signUpUrl.pathname).toBe("/sign-up");
  expect(signUpUrl.searchParams.get("client_id")).toBe(clientId);
  expect(signUpUrl.searchParams.get("redirect_uri")).toBe("http://localhost/cb");

  await hydrated(page.getByRole("button", { name: "Sign in" }));
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await visible(page.getByRole("heading", { name: "Allow Root behaviours to use Portico?" }));
  const url = new URL(page.url());
  expect(url.pathname).toBe("/oauth/consent");
  expect(url.searchParams.getAll("client_id")).toEqual([clientId]);
  expect(url.searchParams.get("state")).toBe("s");
  expect(url.searchParams.get("response_type")).toBe("code");
  expect(url.searchParams.get("redirect_uri")).toBe("http://localhost/cb");
  expect(url.searchParams.get("code_challenge")).toBe("c");
  expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  expect(url.searchParams.has("redirect")).toBe(false);

  // Already signed in, /sign-in with the same request goes straight on.
  await page.goto(`/sign-in?${query}`);
  await visible(page.getByRole("heading", { name: "Allow Root behaviours to use Portico?" }));
  const again = new URL(page.url());
  expect(again.pathname).toBe("/oauth/consent");
  expect(again.searchParams.getAll("client_id")).toEqual([clientId]);
  expect(again.searchParams.get("redirect_uri")).toBe("http://localhost/cb");
});

// A form submitted before the page has hydrated (slow network, or JavaScript off as simulated here) is a
// native submit: it must be a POST, so the email and password never land in a URL, history or log.
test("a sign-in form submitted before hydration keeps the password out of the URL", async ({
  browser,
  server,
}) => {
  const noScript = await browser.newContext({ baseURL: server.baseUrl, javaScriptEnabled: false });
  try {
    const page = await noScript.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT);
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill("nobody@example.test");
    await page.getByLabel("Password").fill("not-in-any-url-123");
    await Promise.all([
      page.waitForEvent("framenavigated"),
      page.getByRole("button", { name: "Sign in" }).click(),
    ]);
    await page.waitForLoadState("load");
    expect(requested.filter((url) => url.includes("not-in-any-url-123"))).toEqual([]);
    expect(page.url()).not.toContain("not-in-any-url-123");
  } finally {
    await noScript.close();
  }
});

test("an unknown project shows the 404 without that project's navigation; help links to /support", async ({
  page,
  context,
  server,
}) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  await signUpInto(context, server.baseUrl, newUser("no-project"));
  const response = await page.goto("/app/project/no-such-project");
  expect(response?.status()).toBe(404);
  await visible(page.getByRole("heading", { level: 1, name: "Sorry, this page could not be found." }));
  // One main landmark: the 404 view inside the app shell does not open a second <main>.
  expect(await page.getByRole("main").count()).toBe(1);
  expect(await page.title()).toBe("Page not found · Portico");
  const navigation = page.getByRole("navigation").first();
  await visible(navigation.getByRole("link", { name: "Dashboard" }));
  for (const name of ["Servers", "API keys", "Call log", "Settings"]) {
    expect(await page.getByRole("link", { name, exact: true }).count()).toBe(0);
  }
  await (await hydrated(page.getByRole("link", { name: "contact support" }).last())).click();
  await waitForPath(page, "/support");
});

test("authorization errors explain themselves on Portico's page", async ({ page, server }) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  // /oauth/consent on its own: a clear page right there, not a trip through the authorization endpoint.
  const authorizeRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/oauth2/authorize")) authorizeRequests.push(request.url());
  });
  const bare = await page.goto("/oauth/consent");
  expect(bare?.status()).toBe(200);
  await visible(page.getByRole("heading", { level: 1, name: "No application is asking for access" }));
  await hydrated(page.getByRole("link", { name: "Go Home" }));
  expect(new URL(page.url()).pathname).toBe("/oauth/consent");
  expect(authorizeRequests).toEqual([]);
  // /oauth/success claims a grant only when this tab has just made one.
  await page.goto("/oauth/success");
  await visible(page.getByRole("heading", { level: 1, name: "Nothing to confirm here" }));
  expect(await page.getByText("Access granted").count()).toBe(0);

  // An unknown client: the authorization server sends the browser to the same page, not to "/".
  await page.goto(
    `${server.baseUrl}/api/auth/oauth2/authorize?response_type=code&client_id=nobody&redirect_uri=${encodeURIComponent("http://127.0.0.1:9/cb")}&code_challenge=${"x".repeat(43)}&code_challenge_method=S256&state=s`,
  );
  await waitForPath(page, "/oauth/error");
  await visible(page.getByRole("heading", { level: 1, name: "Unknown application" }));
  await screenshot(page, "oauth-error-unknown-client");
});
