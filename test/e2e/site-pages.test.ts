// Every public page in Chromium at phone and desktop widths, light and dark: the key content renders,
// the page hydrates without errors, axe-core finds no serious or critical violation, and a screenshot
// of each lands in test-results/screenshots/site/.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe } from "vitest";
import { THEME_COOKIE } from "~/lib/theme.ts";
import { axeFindings, failing, WCAG_AA_TAGS } from "./support/axe.ts";
import { expect, screenshotDir, test } from "./support/browser.ts";
import { publicPages, visibleText } from "./support/site-pages.ts";

const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
const themes = ["light", "dark"] as const;
const combinations = Object.entries(viewports).flatMap(([width, viewport]) =>
  themes.map((theme) => ({ width, viewport, theme })),
);

async function siteScreenshot(page: Page, name: string) {
  const dir = path.join(screenshotDir, "site");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

describe.each(combinations)("$width, $theme", ({ width, viewport, theme }) => {
  test.for(publicPages)("$name", async ({ name, path: pagePath, heading, content }, { browser, server }) => {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport, colorScheme: theme });
    try {
      await context.addCookies([{ name: THEME_COOKIE, value: theme, url: server.baseUrl }]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      const response = await page.goto(pagePath, { waitUntil: "networkidle" });
      expect(response?.status()).toBe(200);
      expect(await page.locator("html").getAttribute("class")).toBe(theme);
      await expect(page.getByRole("heading", { level: 1 }).first().textContent()).resolves.toMatch(heading);
      const text = await visibleText(page.locator("body"));
      for (const expected of content) expect(text, `${name} shows "${expected}"`).toContain(expected);
      // Header and footer on every public page.
      expect(await page.getByRole("contentinfo").getByRole("link", { name: "Privacy policy" }).count()).toBe(
        1,
      );
      await siteScreenshot(page, `${name}-${width}-${theme}`);
      const findings = await axeFindings(page, name, { tags: [...WCAG_AA_TAGS, "best-practice"] });
      expect(failing(findings)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
