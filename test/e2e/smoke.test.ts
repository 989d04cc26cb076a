// The browser harness end to end: the production build renders in Chromium and its pages hydrate.
import { newUser } from "../support/users.ts";
import { expect, screenshot, signUpInto, test } from "./support/browser.ts";

test("the home page renders", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.title()).resolves.toMatch(/Portico/);
  await expect(page.locator("body").textContent()).resolves.toContain("Portico");
  await screenshot(page, "smoke-home");
  expect(errors).toEqual([]);
});

test("the sign-in page has an email field", async ({ page }) => {
  await page.goto("/sign-in");
  const email = page.locator('input[type="email"], input[name="email"]');
  await email.first().waitFor({ state: "visible", timeout: 10_000 });
  await screenshot(page, "smoke-sign-in");
});

test("a session made over HTTP carries into the browser", async ({ page, context, browser, server }) => {
  await signUpInto(context, server.baseUrl, newUser("e2e"));
  await page.goto("/app");
  await page.waitForURL(/\/app\/dashboard$/);

  const anonymous = await browser.newContext({ baseURL: server.baseUrl });
  try {
    const other = await anonymous.newPage();
    await other.goto("/app/dashboard");
    await other.waitForURL(/\/sign-in/);
  } finally {
    await anonymous.close();
  }
});
