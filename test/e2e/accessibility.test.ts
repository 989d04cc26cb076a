// WCAG 2.1 AA by engine and by keyboard (business and public-sector customers require it). Every route —
// auth pages, public integrations, 404, /app, /app/admin, the OAuth consent page (the site's other pages
// are in site-pages.test.ts) — and the key dialogs, in light and dark at 1280 px and a subset at 375 px,
// go through axe-core with the WCAG 2.0/2.1 A and AA rules; any serious or critical violation fails with
// its rule, target and help. Then the keyboard: the skip link, a visible focus on every stop, dialogs
// that trap and give focus back, menus that open with Enter or Space and close with Escape, and a
// project created without a mouse. `A11Y_ALL=1` adds axe's best practices and the site's pages and
// prints the moderate and minor findings too.
// One server, one browser, one signed-in world for the file; the theme changes as the OS's does (the
// default preference is "system"), so each page loads once for both themes.

import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { SdkOAuthProvider } from "../support/sdk-oauth-provider.ts";
import { type A11yWorld, createA11yWorld } from "./support/a11y-world.ts";
import {
  type AxeFinding,
  axeFindings,
  COLOUR_RULES,
  countByRule,
  describeFindings,
  failing,
} from "./support/axe.ts";
import { addSessionCookies, test as base, expect, screenshot } from "./support/browser.ts";
import { poll, STEP_TIMEOUT, visible } from "./support/page-helpers.ts";
import { publicPages } from "./support/site-pages.ts";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

const test = base.extend(
  "world",
  { scope: "file" },
  async ({ server }): Promise<A11yWorld> => createA11yWorld(server.baseUrl),
);

// Transitions and entry animations finished at once, so colours are measured as they end up (axe
// measuring a dialog mid-fade reports contrast nobody sees). A constructed sheet: no CSP refuses it.
const STILL_MOTION = () => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(
    "*,*::before,*::after{transition-duration:0s!important;transition-delay:0s!important;animation-duration:0s!important;animation-delay:0s!important}",
  );
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
};

async function openContext(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number },
  world?: A11yWorld,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport, colorScheme: "light" });
  await context.addInitScript(STILL_MOTION);
  if (world) await addSessionCookies(context, baseUrl, world.http);
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Loads `path` and waits until it shows its heading and nothing is still loading. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settle(page);
}

async function settle(page: Page): Promise<void> {
  await visible(page.locator("h1").first());
  await poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
}

type Theme = "light" | "dark";

/** Switches the OS theme and waits for the page to follow it (the class React puts on <html>). */
async function switchTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.waitForFunction((name) => document.documentElement.classList.contains(name), theme, {
    polling: "raf",
  });
}

const currentTheme = (page: Page) =>
  page.evaluate((): Theme => (document.documentElement.classList.contains("dark") ? "dark" : "light"));

/**
 * axe on the page as it is now: every rule in the theme it opened in, then the colour rules in the
 * other theme (nothing else changes with it), which the next page then opens in — one switch a page.
 * Findings are labelled with `where` and the theme.
 */
async function auditThemes(page: Page, where: string, findings: AxeFinding[]): Promise<void> {
  const first = await currentTheme(page);
  const second: Theme = first === "light" ? "dark" : "light";
  findings.push(...(await axeFindings(page, `${where} [${first}]`)));
  await switchTheme(page, second);
  findings.push(...(await axeFindings(page, `${where} [${second}]`, { rules: COLOUR_RULES })));
}

async function auditRoutes(page: Page, routes: string[], width: string, findings: AxeFinding[]) {
  for (const path of routes) {
    await visit(page, path);
    await auditThemes(page, `${path} @${width}`, findings);
  }
}

/** Fails with every serious or critical finding listed; A11Y_ALL=1 prints the rest too. */
function expectNoSeriousFindings(findings: AxeFinding[]) {
  if (process.env.A11Y_ALL) {
    console.log(JSON.stringify(countByRule(findings), null, 2));
    console.log(describeFindings(findings));
  }
  expect(describeFindings(failing(findings))).toBe("");
}

// The site's pages (landing, pricing, docs, newsroom and an article, our story, contact, support, terms,
// privacy) go through the same axe run in site-pages.test.ts, light and dark at 390 and 1280 px; here
// only under A11Y_ALL=1, for a full report.
const sitePages = process.env.A11Y_ALL ? publicPages.map((p) => p.path) : [];
const publicRoutes = [
  ...sitePages,
  "/integrations",
  "/integrations/hubspot",
  "/sign-in",
  "/sign-up",
  "/forgot-password",
  "/no-such-page",
];

function appRoutes({ organizationId: o, projectId: p, agentId: a }: A11yWorld): string[] {
  const organization = `/app/organization/${o}`;
  const project = `/app/project/${p}`;
  return [
    "/app/dashboard",
    "/app/marketplace",
    "/app/account",
    organization,
    `${organization}/settings`,
    `${organization}/members`,
    `${organization}/integrations`,
    `${organization}/billing`,
    `${organization}/llm-credentials`,
    `${organization}/audit-log`,
    `${organization}/webhooks`,
    project,
    `${project}/settings`,
    `${project}/api-keys`,
    `${project}/servers`,
    `${project}/servers/reviews`,
    `${project}/agents`,
    `${project}/agents/${a}`,
    `${project}/agents/${a}/runs`,
    `${project}/calls`,
    `${project}/platform-docs`,
    "/app/no-such-page",
  ];
}

const adminRoutes = [
  "/app/admin",
  "/app/admin/users",
  "/app/admin/auth-sessions",
  "/app/admin/billing",
  "/app/admin/credentials",
  "/app/admin/llm-credentials",
  "/app/admin/outbox",
  "/app/admin/contact",
];

// The first test also waits for the server to start, the next for the world to be built: longer limits.
test("auth pages, integrations and the 404 pass axe (WCAG 2.1 AA) in light and dark at 1280 px", {
  timeout: 120_000,
}, async ({ browser, server }) => {
  const { context, page } = await openContext(browser, server.baseUrl, DESKTOP);
  const findings: AxeFinding[] = [];
  try {
    await auditRoutes(page, publicRoutes, "1280", findings);
  } finally {
    await context.close();
  }
  expectNoSeriousFindings(findings);
});

test("app, admin and consent pages pass axe in light and dark at 1280 px", { timeout: 120_000 }, async ({
  browser,
  server,
  world,
}) => {
  const { context, page } = await openContext(browser, server.baseUrl, DESKTOP, world);
  const findings: AxeFinding[] = [];
  try {
    await auditRoutes(page, [...appRoutes(world), ...adminRoutes], "1280", findings);
    await page.goto(await consentUrl(server.baseUrl));
    await page.waitForURL((url) => url.pathname === "/oauth/consent");
    await settle(page);
    await auditThemes(page, "/oauth/consent @1280", findings);
  } finally {
    await context.close();
  }
  expectNoSeriousFindings(findings);
});

/** Where an MCP client sends the browser to authorize (registered as the official SDK does it). */
async function consentUrl(baseUrl: string): Promise<string> {
  const provider = new SdkOAuthProvider("http://127.0.0.1:9/callback", "Accessibility client");
  const client = new Client({ name: "a11y", version: "1.0.0" });
  await expect(
    client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { authProvider: provider })),
  ).rejects.toThrow(UnauthorizedError);
  return provider.requireAuthorizationUrl().href;
}

test("a subset at 375 px passes axe, with the phone menus open", async ({ browser, server, world }) => {
  const findings: AxeFinding[] = [];
  const signedOut = await openContext(browser, server.baseUrl, PHONE);
  try {
    await auditRoutes(signedOut.page, ["/sign-in"], "375", findings);
    await visit(signedOut.page, "/");
    await signedOut.page.locator("summary").click();
    await visible(signedOut.page.getByRole("navigation", { name: "Main" }).getByRole("link").first());
    await auditThemes(signedOut.page, "/ @375 with the menu open", findings);
  } finally {
    await signedOut.context.close();
  }
  const signedIn = await openContext(browser, server.baseUrl, PHONE, world);
  try {
    const project = `/app/project/${world.projectId}`;
    await auditRoutes(
      signedIn.page,
      [
        "/app/dashboard",
        `/app/organization/${world.organizationId}/members`,
        `${project}/api-keys`,
        `${project}/calls`,
        "/app/admin/users",
      ],
      "375",
      findings,
    );
    await visit(signedIn.page, project);
    await signedIn.page.getByRole("button", { name: "Open navigation" }).click();
    await visible(signedIn.page.getByRole("dialog", { name: "Navigation" }));
    await auditThemes(signedIn.page, `${project} @375 with the navigation open`, findings);
  } finally {
    await signedIn.context.close();
  }
  expectNoSeriousFindings(findings);
});

/** The element that has focus, as a short description for messages. */
const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "body";
    return `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}"`;
  });

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has focus (at most `limit` times): reaching it is part of what is tested. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press("Tab");
    if (await isFocused(target)) return;
  }
  throw new Error(`Tab never reached the target; focus ended on ${await focusedElement(page)}`);
}

/** Opens a dialog with `key` on its focused trigger; axe runs inside it; Tab stays in it; Escape gives focus back. */
async function checkDialog(
  page: Page,
  trigger: Locator,
  dialog: Locator,
  where: string,
  findings: AxeFinding[],
  key: "Enter" | "Space" = "Enter",
) {
  await tabTo(page, trigger);
  await page.keyboard.press(key);
  await visible(dialog);
  await poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await auditThemes(page, where, findings);
  for (let presses = 0; presses < 12; presses++) {
    await page.keyboard.press("Tab");
    expect(
      await dialog.evaluate((element) => element.contains(document.activeElement)),
      `${where}: Tab left the dialog for ${await focusedElement(page)}`,
    ).toBe(true);
  }
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
  expect(await isFocused(trigger), `${where}: focus after Escape is on ${await focusedElement(page)}`).toBe(
    true,
  );
}

test("dialogs: axe inside, opened by keyboard, focus trapped and given back", async ({
  browser,
  server,
  world,
}) => {
  const { context, page } = await openContext(browser, server.baseUrl, DESKTOP, world);
  const findings: AxeFinding[] = [];
  try {
    await visit(page, `/app/organization/${world.organizationId}`);
    await checkDialog(
      page,
      page.getByRole("button", { name: "New project" }).first(),
      page.getByRole("dialog", { name: "Create project" }),
      "create project dialog",
      findings,
    );
    await visit(page, `/app/project/${world.projectId}/api-keys`);
    await checkDialog(
      page,
      page.getByRole("button", { name: "Create API key" }).first(),
      page.getByRole("dialog", { name: "Create API key" }),
      "create API key dialog",
      findings,
      "Space",
    );
    await checkDialog(
      page,
      page.getByRole("row", { name: /Claude Desktop/ }).getByRole("button", { name: "Revoke" }),
      page.getByRole("alertdialog"),
      "confirm revoke dialog",
      findings,
    );
    await visit(page, `/app/project/${world.projectId}/settings`);
    await checkDialog(
      page,
      page.getByRole("button", { name: "Delete project" }).first(),
      page.getByRole("alertdialog"),
      "confirm delete project dialog",
      findings,
    );
  } finally {
    await context.close();
  }
  expectNoSeriousFindings(findings);
});

/**
 * Presses Tab `presses` times and returns the stops that showed no focus indicator (neither an outline
 * nor a ring, which Tailwind draws as a box-shadow), read in the page as each stop gets focus.
 */
async function stopsWithoutFocusIndicator(page: Page, presses: number): Promise<string[]> {
  await page.evaluate(() => {
    const missing: string[] = [];
    (window as unknown as { focusMissing: string[] }).focusMissing = missing;
    document.addEventListener("focusin", (event) => {
      const element = event.target as HTMLElement;
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
      if (!outline && style.boxShadow === "none") {
        const name = element.getAttribute("aria-label") ?? element.textContent ?? "";
        missing.push(`${element.tagName.toLowerCase()} "${name.trim().slice(0, 40)}"`);
      }
    });
  });
  for (let press = 0; press < presses; press++) await page.keyboard.press("Tab");
  return page.evaluate(() => (window as unknown as { focusMissing: string[] }).focusMissing);
}

test("keyboard: skip link, visible focus, menus, a project created without a mouse", async ({
  browser,
  server,
  world,
}) => {
  const { context, page, errors } = await openContext(browser, server.baseUrl, DESKTOP, world);
  try {
    // The skip link is the first stop, shows when focused, and moves the next Tab into the main content.
    for (const path of ["/pricing", `/app/project/${world.projectId}`]) {
      await visit(page, path);
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to content" });
      expect(await isFocused(skip), `${path}: first Tab reached ${await focusedElement(page)}`).toBe(true);
      const box = await skip.boundingBox();
      expect(box && box.width > 20 && box.height > 10, `${path}: skip link not shown when focused`).toBe(
        true,
      );
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      expect(
        await page.evaluate(() => Boolean(document.activeElement?.closest("main"))),
        `${path}: Tab after the skip link went to ${await focusedElement(page)}`,
      ).toBe(true);
    }

    // Every stop of a few dense pages shows where focus is.
    const unfocusable: string[] = [];
    for (const path of [
      "/",
      `/app/organization/${world.organizationId}/members`,
      `/app/project/${world.projectId}/api-keys`,
      `/app/project/${world.projectId}/calls`,
    ]) {
      await visit(page, path);
      for (const stop of await stopsWithoutFocusIndicator(page, 40)) unfocusable.push(`${path}: ${stop}`);
    }
    expect(unfocusable, "stops without a visible focus indicator").toEqual([]);

    // Menus: Enter or Space opens with focus in the menu, arrows move, Escape closes back to the trigger.
    await visit(page, `/app/project/${world.projectId}`);
    for (const [name, key] of [
      [/account menu/i, "Enter"],
      [/Theme:/, "Space"],
    ] as const) {
      const trigger = page.getByRole("button", { name });
      await tabTo(page, trigger);
      await page.keyboard.press(key);
      const menu = page.getByRole("menu");
      await visible(menu);
      await poll(() => menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("ArrowDown");
      expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Escape");
      await menu.waitFor({ state: "hidden" });
      expect(await isFocused(trigger), `${name} menu: focus went to ${await focusedElement(page)}`).toBe(
        true,
      );
    }

    // A project created with the keyboard alone.
    await visit(page, `/app/organization/${world.organizationId}`);
    await tabTo(page, page.getByRole("button", { name: "New project" }).first());
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Create project" });
    await visible(dialog);
    expect(await isFocused(dialog.getByLabel("Project name"))).toBe(true);
    await page.keyboard.type("Keyboard project");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => /^\/app\/project\/[^/]+$/.test(url.pathname));
    await visible(page.getByRole("heading", { level: 1, name: "Keyboard project" }));
    await screenshot(page, "a11y-keyboard-project");
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
