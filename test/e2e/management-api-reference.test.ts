// The public management API reference (/docs/management-api, made from the OpenAPI document) in
// Chromium at 1280 and 390 px: every operation of the document is on the page with its method and path,
// the index's links land on their operation, each resource's section is named by its heading, nothing
// scrolls sideways at phone width, axe finds nothing serious, and a screenshot of each width is kept.

import path from "node:path";
import type { Page } from "playwright-core";
import { axeFindings, describeFindings, failing } from "./support/axe.ts";
import { expect, screenshotDir, test } from "./support/browser.ts";
import { hydrated, STEP_TIMEOUT, visible } from "./support/page-helpers.ts";

const METHODS = ["get", "post", "put", "patch", "delete"];

/** What the reader sees: the page is some 80,000 px tall at phone width, too long for a full-page shot. */
const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `${name}.png`), timeout: 60_000 });

for (const [width, height] of [
  [1280, 900],
  [390, 844],
] as const) {
  test(`@${width}: the reference shows every operation, its links land, nothing overflows`, {
    timeout: 120_000,
  }, async ({ browser, server }) => {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width, height } });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      // A long page rendered from the whole document: its first render may take longer than a step.
      const response = await page.goto("/docs/management-api", { timeout: 60_000 });
      expect(response?.status()).toBe(200);
      await visible(page.getByRole("heading", { name: "Management API", level: 1 }));

      // The page against the document it is made from: each operation once, with its method and path.
      const spec = (await (await fetch(`${server.baseUrl}/api/manage/v1/openapi.json`)).json()) as {
        paths: Record<string, Record<string, { operationId: string; summary: string }>>;
      };
      const operations = Object.entries(spec.paths).flatMap(([path, item]) =>
        METHODS.filter((method) => item[method]).map((method) => ({ path, method, ...item[method] })),
      );
      expect(operations.length).toBeGreaterThan(40);
      const articles = page.locator("article[id]");
      expect(await articles.count()).toBe(operations.length);
      for (const operation of operations) {
        const article = page.locator(`article[id="${operation.operationId}"]`);
        expect(await article.count(), operation.operationId).toBe(1);
        const text = (await article.textContent()) ?? "";
        expect(text).toContain(operation.method.toUpperCase());
        expect(text).toContain(operation.path);
        expect(await article.getByRole("heading", { level: 3 }).textContent()).toBe(operation.summary);
      }

      // Each resource's section is named by its heading (a tag with a space once split the reference).
      for (const tag of ["Projects", "External users", "Webhooks"]) {
        await visible(page.getByRole("region", { name: tag, exact: true }));
      }

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
      await screenshot(page, `management-api-reference-${width}`);

      // The index's link to an operation far down the page scrolls it into view under the header.
      const index = page.getByRole("navigation", { name: "Operations" });
      const link = index.getByRole("link", { name: "Send a delivery again (the same event id)" });
      if (width < 1024) await (await hydrated(index.getByRole("button", { name: "All operations" }))).click();
      await (await hydrated(link)).click();
      await expect.poll(() => page.evaluate(() => window.location.hash)).toBe("#redeliverWebhook");
      const target = page.locator('article[id="redeliverWebhook"]');
      await expect
        .poll(async () => {
          const box = await target.boundingBox();
          return box !== null && box.y >= 0 && box.y < height / 2;
        })
        .toBe(true);
      // Every link in the index points at an operation on the page.
      const hrefs = await index
        .getByRole("link")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
      expect(hrefs.length).toBe(operations.length);
      for (const href of hrefs) {
        expect(href.startsWith("#"), href).toBe(true);
        expect(await page.locator(`[id="${href.slice(1)}"]`).count(), href).toBe(1);
      }
      await screenshot(page, `management-api-reference-${width}-anchor`);

      const findings = failing(await axeFindings(page, `management API reference @${width}`));
      expect(findings, describeFindings(findings)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
