// Browser fixtures for e2e specs: one server and one Chromium per file, a fresh context (cookies,
// storage) per test, and a screenshot of the page whenever a test fails.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { test as base } from "vitest";
import type { Credentials } from "../../support/app.ts";
import { HttpClient } from "../../support/http-client.ts";
import { type RunningServer, startServer } from "../../support/server.ts";
import { STEP_TIMEOUT } from "./page-helpers.ts";

const root = path.resolve(import.meta.dirname, "../../..");
export const screenshotDir = path.join(root, "test-results/screenshots");

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** Debian's Chromium (never a downloaded build); CHROMIUM_PATH points elsewhere if needed. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/** Saves a full-page PNG as test-results/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name.replace(/[^\w.-]+/g, "-").slice(0, 120)}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Puts `client`'s session cookies into `context`, so pages opened there are signed in as it. */
export async function addSessionCookies(
  context: BrowserContext,
  baseUrl: string,
  client: HttpClient,
): Promise<void> {
  const cookies = client
    .cookieHeader()
    .split("; ")
    .map((pair) => {
      const index = pair.indexOf("=");
      return { name: pair.slice(0, index), value: pair.slice(index + 1), url: baseUrl };
    });
  await context.addCookies(cookies);
}

/**
 * Signs `user` up over HTTP and puts the session cookie into `context`, so a spec can start signed in
 * without going through the form every time.
 */
export async function signUpInto(context: BrowserContext, baseUrl: string, user: Credentials): Promise<void> {
  const client = new HttpClient(baseUrl);
  await client.signUp(user);
  await addSessionCookies(context, baseUrl, client);
}

/**
 * A new context signed in as `client` (for specs that start their own server and browser) and a page in
 * it that waits STEP_TIMEOUT a step, with the uncaught page errors it collects.
 */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  client: HttpClient,
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  await addSessionCookies(context, baseUrl, client);
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors };
}

export const test = base
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
  .extend("server", { scope: "file" }, async ({}, { onCleanup }): Promise<RunningServer> => {
    const server = await startServer();
    onCleanup(() => server.stop().then(() => undefined));
    return server;
  })
  // biome-ignore lint/correctness/noEmptyPattern: as above
  .extend("browser", { scope: "file" }, async ({}, { onCleanup }): Promise<Browser> => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    return browser;
  })
  .extend("context", async ({ browser, server }, { onCleanup }): Promise<BrowserContext> => {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1280, height: 800 },
    });
    onCleanup(() => context.close());
    return context;
  })
  .extend("page", async ({ context, task }, { onCleanup }): Promise<Page> => {
    const page = await context.newPage();
    // Runs before the context closes, while the failed page is still there to photograph.
    onCleanup(async () => {
      if (task.result?.state !== "fail") return;
      const file = await screenshot(page, `FAILED-${task.file.name}-${task.name}`).catch(() => null);
      if (file) console.error(`Screenshot of the failed test: ${file}`);
    });
    return page;
  });

export { expect } from "vitest";
