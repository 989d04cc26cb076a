// The public site's behaviours in Chromium: the use-case search bound to ?search, docs ref switching and
// rejection, the billing period switch, the newsroom 404,
// the header's theme toggle and phone menu, and the in-app platform docs.
import type { Page } from "playwright-core";
import { HttpClient } from "../support/http-client.ts";
import { newUser } from "../support/users.ts";
import { expect, signUpInto, test } from "./support/browser.ts";
import { hydrated, STEP_TIMEOUT } from "./support/page-helpers.ts";
import { visibleText } from "./support/site-pages.ts";

const bodyText = (page: Page) => visibleText(page.locator("body"));

test("use cases: typing filters the list and writes ?search", async ({ page }) => {
  await page.goto("/use-cases");
  const box = await hydrated(page.getByLabel("Search use cases"));
  await box.fill("jira");
  await page.waitForURL((url) => url.searchParams.get("search") === "jira", { timeout: STEP_TIMEOUT });
  const cards = page.getByTestId("use-cases").locator(":scope > li");
  await expect.poll(() => cards.count(), { timeout: STEP_TIMEOUT }).toBe(2);
  expect(await bodyText(page)).toContain("Support inbox triage");
  expect(await bodyText(page)).not.toContain("Weekly pipeline review");

  await box.fill("submarine");
  await page.getByText("No use case matches your search").waitFor({ timeout: STEP_TIMEOUT });
  await page.getByRole("button", { name: "Clear search" }).click();
  await page.waitForURL((url) => !url.searchParams.has("search"), { timeout: STEP_TIMEOUT });
  expect(await box.inputValue()).toBe("");
});

test("use cases: ?search in the URL filters on the server's first render", async ({
  page,
  browser,
  server,
}) => {
  const noScript = await browser.newContext({ baseURL: server.baseUrl, javaScriptEnabled: false });
  try {
    const bare = await noScript.newPage();
    await bare.goto("/use-cases?search=onboarding");
    const text = await bodyText(bare);
    expect(text).toContain("New-hire onboarding");
    expect(text).not.toContain("Weekly pipeline review");
    expect(await bare.getByLabel("Search use cases").inputValue()).toBe("onboarding");
  } finally {
    await noScript.close();
  }
  await page.goto("/use-cases?search=HR");
  expect(await bodyText(page)).toContain("2 use cases match “HR”");
});

test("docs: a known ref shows its guide, the list switches guides, an unknown ref is rejected", async ({
  page,
}) => {
  await page.goto("/docs?ref=visual-studio-code");
  await page
    .getByRole("heading", { name: "Connect Visual Studio Code to Portico" })
    .waitFor({ timeout: STEP_TIMEOUT });
  expect(await bodyText(page)).toContain('"type": "http"');

  const nav = page.getByRole("navigation", { name: "Client guides" });
  await hydrated(nav.getByRole("link", { name: "Cursor" }));
  await nav.getByRole("link", { name: "Cursor" }).click();
  await page.waitForURL((url) => url.searchParams.get("ref") === "cursor", { timeout: STEP_TIMEOUT });
  await page.getByRole("heading", { name: "Connect Cursor to Portico" }).waitFor({ timeout: STEP_TIMEOUT });

  // OAuth variant of the same guide.
  await page.getByRole("tab", { name: "OAuth" }).click();
  await page
    .getByText("Without an Authorization header, Cursor uses MCP authorization.")
    .waitFor({ timeout: STEP_TIMEOUT });

  const response = await page.goto("/docs?ref=vscode");
  expect(response?.status()).toBe(400);
  expect(await bodyText(page)).toContain('There is no setup guide for "vscode".');
  expect(await bodyText(page)).toContain("visual-studio-code");
});

test("pricing: the annual switch shows yearly prices and the savings", async ({ page }) => {
  await page.goto("/pricing");
  const annual = page.getByRole("radio", { name: "Annual" });
  await hydrated(annual);
  expect(await bodyText(page)).toContain("$34 / month");
  // The radio is visually hidden inside its label, as on any segmented control: people click the label.
  await page.getByText("Annual", { exact: true }).click();
  expect(await annual.isChecked()).toBe(true);
  await page.getByText("$367").first().waitFor({ timeout: STEP_TIMEOUT });
  const text = await bodyText(page);
  expect(text).toContain("$367 / year");
  expect(text).toContain("Save 11% — $41 a year");
  expect(text).toContain("$2,689 / year");
  expect(text).toContain("Save 13% — $299 a year");
});

test("pricing: signed in, it lists the user's organizations", async ({ page, context, server }) => {
  const user = newUser("pricing");
  await signUpInto(context, server.baseUrl, user);
  const client = new HttpClient(server.baseUrl);
  await client.signIn(user);
  await client.mutate("organization.create", { name: "Pricing Org" });
  await page.goto("/pricing");
  await page.getByRole("heading", { name: "Your organizations" }).waitFor({ timeout: STEP_TIMEOUT });
  expect(await bodyText(page)).toContain("Pricing Org");
  expect(await page.getByRole("link", { name: "Open app" }).count()).toBeGreaterThan(0);
});

test("newsroom: the article opens from the list; an unknown id is a 404", async ({ page }) => {
  await page.goto("/newsroom");
  const link = page.getByRole("link", { name: /Portico launches/ });
  await hydrated(link);
  await link.click();
  await page.waitForURL(/\/newsroom\/portico-launches/, { timeout: STEP_TIMEOUT });
  await page.getByRole("heading", { name: "One URL per project" }).waitFor({ timeout: STEP_TIMEOUT });

  const response = await page.goto("/newsroom/no-such-article");
  expect(response?.status()).toBe(404);
  await page
    .getByRole("heading", { name: "Sorry, this page could not be found." })
    .waitFor({ timeout: STEP_TIMEOUT });
});

test("header: the theme toggle switches to dark and the phone menu navigates", async ({
  browser,
  server,
}) => {
  const phone = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 390, height: 844 } });
  try {
    const page = await phone.newPage();
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    const menu = page.getByLabel("Menu");
    await hydrated(menu);
    await menu.click();
    const dark = page.getByRole("button", { name: "Dark theme" }).last();
    await dark.click();
    await expect
      .poll(() => page.locator("html").getAttribute("class"), { timeout: STEP_TIMEOUT })
      .toBe("dark");
    expect(await dark.getAttribute("aria-pressed")).toBe("true");

    await page.locator("header details").getByRole("link", { name: "Pricing" }).click();
    await page.waitForURL(/\/pricing$/, { timeout: STEP_TIMEOUT });
    expect(await page.locator("header details").getAttribute("open")).toBeNull();
  } finally {
    await phone.close();
  }
});

test("app: a project's platform docs show the guide with this instance's URL", async ({
  page,
  context,
  server,
}) => {
  const user = newUser("docs");
  await signUpInto(context, server.baseUrl, user);
  const client = new HttpClient(server.baseUrl);
  await client.signIn(user);
  const organization = await client.mutate<{ id: string }>("organization.create", { name: "Docs Org" });
  const project = await client.mutate<{ id: string }>("project.create", {
    organizationId: organization.id,
    name: "Docs project",
  });

  await page.goto(`/app/project/${project.id}/platform-docs`);
  await page.waitForURL(/\/platform-docs\/claude-code$/, { timeout: STEP_TIMEOUT });
  await page
    .getByRole("heading", { name: "Connect Claude Code to Portico" })
    .waitFor({ timeout: STEP_TIMEOUT });
  expect(await bodyText(page)).toContain(`claude mcp add --transport http portico ${server.baseUrl}/mcp`);

  const response = await page.goto(`/app/project/${project.id}/platform-docs/not-a-client`);
  expect(response?.status()).toBe(404);
});
