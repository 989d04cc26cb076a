// The contact form in Chromium: inline validation, sending, and the message in the site admin's inbox.
// Its own file (own server) so the admin signs up first and gets the site-admin role.
import type { Page } from "playwright-core";
import { newUser } from "../support/users.ts";
import { expect, signUpInto, test } from "./support/browser.ts";
import { hydrated, STEP_TIMEOUT } from "./support/page-helpers.ts";
import { visibleText } from "./support/site-pages.ts";

const bodyText = (page: Page) => visibleText(page.locator("body"));

test("contact: validates inline, sends, and the message reaches the admin inbox", async ({
  page,
  browser,
  server,
}) => {
  // The first account on a fresh instance is the site admin.
  const admin = newUser("contact-admin");
  const adminContext = await browser.newContext({ baseURL: server.baseUrl });
  await signUpInto(adminContext, server.baseUrl, admin);

  await page.goto("/contact?topic=sales");
  const send = await hydrated(page.getByRole("button", { name: "Send message" }));
  await send.click();
  await page.getByText("Name is required").waitFor({ timeout: STEP_TIMEOUT });
  expect(await bodyText(page)).toContain("Message must be at least 10 characters");

  await page.getByLabel("Name").fill("Eva Buyer");
  await page.getByLabel("Work email").fill("eva@example.test");
  await page.getByLabel("Company (optional)").fill("Globex");
  expect(await page.getByLabel("Topic").inputValue()).toBe("sales");
  await page.getByLabel("Message").fill("We need 40 seats and SSO. Can we talk about Enterprise?");
  await send.click();
  await page.getByRole("heading", { name: "Message sent" }).waitFor({ timeout: STEP_TIMEOUT });

  try {
    const adminPage = await adminContext.newPage();
    await adminPage.goto("/app/admin/contact");
    const inbox = adminPage.getByTestId("contact-messages");
    await inbox.waitFor({ timeout: STEP_TIMEOUT });
    const text = await visibleText(inbox);
    expect(text).toContain("Eva Buyer");
    expect(text).toContain("Globex");
    expect(text).toContain("We need 40 seats and SSO.");
  } finally {
    await adminContext.close();
  }
});
