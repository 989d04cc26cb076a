// Two-factor sign-in through the real UI: a person turns it on from the account page (password, QR code
// or key, first code, backup codes), then signing in asks for the code, refuses a wrong one in place and
// takes a right one or a backup code; an MCP client's OAuth sign-in goes through the same step and lands
// on the consent screen. Screenshots at 1280 and 375 px.

import { mkdirSync } from "node:fs";
import path from "node:path";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Browser, Locator, Page } from "playwright-core";
import { TWO_FACTOR_MESSAGES } from "~/server/auth/two-factor.ts";
import type { Credentials } from "../support/app.ts";
import { HttpClient } from "../support/http-client.ts";
import { SdkOAuthProvider } from "../support/sdk-oauth-provider.ts";
import { totpCode, wrongTotpCode } from "../support/totp.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, screenshotDir, signUpInto, test } from "./support/browser.ts";
import { startLoopbackCallback } from "./support/mcp-oauth.ts";
import { hydrated, STEP_TIMEOUT, visible, waitForPath } from "./support/page-helpers.ts";

const PHONE = { width: 375, height: 812 };

async function freshPage(browser: Browser, baseUrl: string, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);
  return { context, page };
}

/** The card alone, without the app's sticky header, which a scrolled shot would lay over its top. */
async function cardShot(card: Locator, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await card.screenshot({
    path: path.join(screenshotDir, `${name}.png`),
    style: "header.sticky { visibility: hidden !important; }",
  });
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
}

/** The account page's setup, up to the backup codes; returns the typed-in key and the codes. */
async function turnOnFromAccountPage(page: Page, user: Credentials, shots: string) {
  await page.goto("/app/account");
  const card = page.getByTestId("two-factor-card");
  await visible(card.getByText("Off", { exact: true }));
  await (await hydrated(card.getByRole("button", { name: "Set up two-factor authentication" }))).click();
  // A wrong password is refused in place.
  await card.getByLabel("Confirm your password to start").fill("not-the-password");
  await card.getByRole("button", { name: "Continue" }).click();
  await visible(card.getByRole("alert").getByText(TWO_FACTOR_MESSAGES.INVALID_PASSWORD ?? ""));
  await card.getByLabel("Confirm your password to start").fill(user.password);
  await card.getByRole("button", { name: "Continue" }).click();

  await visible(card.getByRole("img", { name: /QR code/ }));
  const key = (await card.getByTestId("totp-manual-key").textContent()) ?? "";
  expect(key).toMatch(/^[A-Z2-7 ]+$/);
  await noSidewaysScroll(page);
  await cardShot(card, `${shots}-setup`);

  const codeInput = card.getByLabel("Code from the app");
  await codeInput.fill("12345");
  await card.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await visible(card.getByText("Enter the 6-digit code from your authenticator app"));
  await codeInput.fill(wrongTotpCode(`otpauth://totp/x?secret=${key.replace(/ /g, "")}`));
  await card.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await visible(card.getByRole("alert").getByText(TWO_FACTOR_MESSAGES.INVALID_CODE ?? ""));
  await codeInput.fill(totpCode(key));
  await card.getByRole("button", { name: "Turn on two-factor authentication" }).click();

  const list = card.getByTestId("backup-codes");
  await visible(list);
  const codes = (await list.getByRole("listitem").allTextContents()).map((code) => code.trim());
  expect(codes).toHaveLength(10);
  await visible(card.getByText("On", { exact: true }));
  await noSidewaysScroll(page);
  await cardShot(card, `${shots}-backup-codes`);
  await card.getByRole("button", { name: "I have saved my backup codes" }).click();
  await visible(card.getByRole("button", { name: "Turn off" }));
  // The step's controls went away with it; focus is in the card, not lost to the page.
  expect(await card.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await cardShot(card, `${shots}-on`);
  return { key, codes };
}

async function passwordStep(page: Page, user: Credentials) {
  await (await hydrated(page.getByLabel("Email"))).fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await visible(page.getByRole("heading", { name: "Two-factor authentication" }));
}

test("turn two-factor sign-in on, sign in with a code and with a backup code, turn it off", {
  timeout: 180_000,
}, async ({ page, context, browser, server }) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  const user = newUser("two-factor");
  await signUpInto(context, server.baseUrl, user);
  const { key, codes } = await turnOnFromAccountPage(page, user, "two-factor-1280");

  // Another browser: the password leads to the code step, a wrong code is refused there.
  const other = await freshPage(browser, server.baseUrl);
  await other.page.goto("/sign-in");
  await passwordStep(other.page, user);
  const codeInput = other.page.getByLabel("Authentication code");
  await expect.poll(() => codeInput.evaluate((input) => input === document.activeElement)).toBe(true);
  await codeInput.fill(wrongTotpCode(`otpauth://totp/x?secret=${key.replace(/ /g, "")}`));
  await other.page.getByRole("button", { name: "Verify and sign in" }).click();
  await visible(other.page.getByRole("alert").getByText(TWO_FACTOR_MESSAGES.INVALID_CODE ?? ""));
  await screenshot(other.page, "two-factor-1280-sign-in-wrong-code");
  // The next step's code: the one that turned 2FA on counts once (server/auth/totp-reuse.ts).
  await codeInput.fill(totpCode(key, 1));
  await other.page.getByRole("button", { name: "Verify and sign in" }).click();
  await waitForPath(other.page, /^\/app\/dashboard$/);
  await other.context.close();

  // A third browser signs in with a backup code instead.
  const third = await freshPage(browser, server.baseUrl);
  await third.page.goto("/sign-in?redirect=%2Fapp%2Faccount");
  await passwordStep(third.page, user);
  await third.page.getByRole("button", { name: "Use a backup code instead" }).click();
  // Typed as people do from paper: capitals, no dashes.
  await third.page.getByLabel("Backup code").fill((codes[0] ?? "").toUpperCase().replace(/-/g, ""));
  await third.page.getByRole("button", { name: "Verify and sign in" }).click();
  await waitForPath(third.page, /^\/app\/account$/);

  // New backup codes: the password in a dialog (a wrong one refused there), then the codes, once.
  const card = third.page.getByTestId("two-factor-card");
  await (await hydrated(card.getByRole("button", { name: "New backup codes" }))).click();
  const renew = third.page.getByRole("dialog");
  await renew.getByLabel("Your password").fill("not-the-password");
  await renew.getByRole("button", { name: "Make new codes" }).click();
  await visible(renew.getByRole("alert").getByText(TWO_FACTOR_MESSAGES.INVALID_PASSWORD ?? ""));
  await renew.getByLabel("Your password").fill(user.password);
  await renew.getByRole("button", { name: "Make new codes" }).click();
  const renewed = card.getByTestId("backup-codes").getByRole("listitem");
  await expect.poll(() => renewed.count()).toBe(10);
  expect(await renewed.allTextContents()).not.toContain(codes[1]);
  await card.getByRole("button", { name: "I have saved my backup codes" }).click();

  // Turning it off asks for the password in a dialog.
  await (await hydrated(card.getByRole("button", { name: "Turn off" }))).click();
  const dialog = third.page.getByRole("dialog");
  await dialog.getByLabel("Your password").fill(user.password);
  await dialog.getByRole("button", { name: "Turn off" }).click();
  await visible(card.getByText("Off", { exact: true }));
  await third.context.close();

  // And the password alone signs in again.
  const fourth = await freshPage(browser, server.baseUrl);
  await fourth.page.goto("/sign-in");
  await (await hydrated(fourth.page.getByLabel("Email"))).fill(user.email);
  await fourth.page.getByLabel("Password").fill(user.password);
  await fourth.page.getByRole("button", { name: "Sign in" }).click();
  await waitForPath(fourth.page, /^\/app\/dashboard$/);
  await fourth.context.close();
});

test("at phone width: setup, backup codes and the code step fit the screen", {
  timeout: 180_000,
}, async ({ browser, server }) => {
  const user = newUser("two-factor-phone");
  const { context, page } = await freshPage(browser, server.baseUrl, PHONE);
  await signUpInto(context, server.baseUrl, user);
  const { key } = await turnOnFromAccountPage(page, user, "two-factor-375");
  await context.close();

  const signIn = await freshPage(browser, server.baseUrl, PHONE);
  await signIn.page.goto("/sign-in");
  await passwordStep(signIn.page, user);
  await noSidewaysScroll(signIn.page);
  await screenshot(signIn.page, "two-factor-375-sign-in-code");
  await signIn.page.getByLabel("Authentication code").fill(totpCode(key, 1));
  await signIn.page.getByRole("button", { name: "Verify and sign in" }).click();
  await waitForPath(signIn.page, /^\/app\/dashboard$/);
  await signIn.context.close();
});

test("an MCP client's OAuth sign-in asks for the code, then goes on to the consent screen", {
  timeout: 120_000,
}, async ({ page, server }) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  const user = newUser("two-factor-oauth");
  const http = new HttpClient(server.baseUrl);
  await http.signUp(user);
  const organization = await http.mutate<{ id: string }>("organization.create", { name: "Acme" });
  await http.mutate("project.create", { organizationId: organization.id, name: "Support bot" });
  const enabled = await http.postJson("/api/auth/two-factor/enable", { password: user.password });
  const { totpURI } = (await enabled.json()) as { totpURI: string };
  expect((await http.postJson("/api/auth/two-factor/verify-totp", { code: totpCode(totpURI) })).status).toBe(
    200,
  );

  const callback = await startLoopbackCallback();
  const provider = new SdkOAuthProvider(callback.url, "E2E 2FA client");
  try {
    const client = new Client({ name: "e2e", version: "1.0.0" });
    await expect(
      client.connect(
        new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), { authProvider: provider }),
      ),
    ).rejects.toThrow(UnauthorizedError);
    await page.goto(provider.requireAuthorizationUrl().href);
    await waitForPath(page, /^\/sign-in$/);
    await passwordStep(page, user);
    // Still on /sign-in, with the OAuth request in the address.
    expect(new URL(page.url()).searchParams.get("client_id")).toBeTruthy();
    await page.getByLabel("Authentication code").fill(totpCode(totpURI, 1));
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await waitForPath(page, /^\/oauth\/consent$/);
    await page.getByRole("heading", { name: "Allow E2E 2FA client to use Portico?" }).waitFor();
    await (await hydrated(page.getByRole("button", { name: "Allow access" }))).click();
    const answer = await callback.received;
    expect(answer.get("state")).toBe(provider.expectedState);
    expect(answer.get("code")).toBeTruthy();
  } finally {
    await callback.close();
  }
});
