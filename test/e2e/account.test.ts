// Through the real UI: a forgotten password reset with the link from the mail outbox (no SMTP), and a
// site admin banning a user, who is signed out at once and refused at sign-in.

import type { BrowserContext } from "playwright-core";
import { onTestFinished } from "vitest";
import { INVALID_RESET_LINK } from "~/components/auth/reset-password-form.tsx";
import { BANNED_MESSAGE } from "~/server/auth/auth-messages.ts";
import { startSmtpFake } from "../fakes/smtp-server.ts";
import type { Credentials } from "../support/app.ts";
import { HttpClient } from "../support/http-client.ts";
import { startServer } from "../support/server.ts";
import { newUser } from "../support/users.ts";
import { addSessionCookies, expect, screenshot, signUpInto, test } from "./support/browser.ts";
import { hydrated, poll, STEP_TIMEOUT, toastWith, visible, waitForPath } from "./support/page-helpers.ts";

/**
 * The instance's first account is its site admin: both tests share the one the server got first (the
 * server runs once per file), signed in over HTTP.
 */
const admins = new Map<string, Promise<Credentials>>();
function siteAdmin(baseUrl: string): Promise<Credentials> {
  let admin = admins.get(baseUrl);
  if (!admin) {
    const credentials = newUser("site-admin");
    admin = new HttpClient(baseUrl).signUp(credentials).then(() => credentials);
    admins.set(baseUrl, admin);
  }
  return admin;
}

async function signedInClient(baseUrl: string, user: Credentials): Promise<HttpClient> {
  const client = new HttpClient(baseUrl);
  await client.signIn(user);
  return client;
}

async function signInInto(context: BrowserContext, baseUrl: string, user: Credentials): Promise<void> {
  const client = await signedInClient(baseUrl, user);
  await addSessionCookies(context, baseUrl, client);
}

test("reset a forgotten password with the link its mail brings", { timeout: 120_000 }, async ({
  browser,
}) => {
  // The reset link is the person's alone (the admin's outbox withholds it), so the mail goes out over
  // SMTP to a local receiver, and the test reads it there as the person would.
  const smtp = await startSmtpFake();
  const server = await startServer({ env: { SMTP_URL: smtp.url } });
  const context = await browser.newContext({ baseURL: server.baseUrl });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);
  onTestFinished(async () => {
    await context.close();
    await server.stop();
    await smtp.close();
  });
  const person = newUser("forgetful");
  await new HttpClient(server.baseUrl).signUp(person);

  await page.goto("/sign-in");
  await (await hydrated(page.getByRole("link", { name: "Forgot password?" }))).click();
  await waitForPath(page, /^\/forgot-password$/);
  await visible(page.getByRole("heading", { name: "Forgot your password?" }));
  await (await hydrated(page.getByLabel("Email"))).fill(person.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await visible(page.getByText(`If an account uses ${person.email}`));

  const mailTo = () => smtp.received.find((each) => each.to.includes(person.email));
  await poll(() => mailTo() !== undefined).toBe(true);
  // Quoted-printable, as Nodemailer writes long lines: soft breaks joined, "=3D" read as "=".
  const raw = (mailTo()?.raw ?? "").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  expect(raw).toMatch(/^Subject: Reset your Portico password/m);
  const body = raw.slice(raw.search(/\r?\n\r?\n/));
  const link = /https?:\/\/[^\s"<>]+/.exec(body)?.[0] ?? "";

  await page.goto(link);
  await waitForPath(page, /^\/reset-password$/);
  const newPassword = "freshly-chosen-password";
  await (await hydrated(page.getByLabel("New password", { exact: true }))).fill(newPassword);
  await page.getByLabel("Repeat the new password").fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();
  await visible(page.getByText("Your password has been changed"));
  await screenshot(page, "password-reset-done");

  await page.getByRole("link", { name: "Sign in with the new password" }).click();
  await waitForPath(page, /^\/sign-in$/);
  await visible(page.getByRole("heading", { name: "Sign in to Portico" }));
  await (await hydrated(page.getByLabel("Email"))).fill(person.email);
  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await waitForPath(page, /^\/app\/dashboard$/);

  // The link works once.
  await page.goto(link);
  await waitForPath(page, /^\/reset-password$/);
  await visible(page.getByText(INVALID_RESET_LINK));
});

test("a site admin bans a user, who is signed out and refused at sign-in", { timeout: 120_000 }, async ({
  page,
  context,
  browser,
  server,
}) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  const adminContext = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1280, height: 800 },
  });
  try {
    await signInInto(adminContext, server.baseUrl, await siteAdmin(server.baseUrl));
    const user = newUser("troublemaker");
    await signUpInto(context, server.baseUrl, user);
    await page.goto("/app/dashboard");
    await visible(page.getByRole("heading", { level: 1, name: "Dashboard" }));

    const adminPage = await adminContext.newPage();
    adminPage.setDefaultTimeout(STEP_TIMEOUT);
    await adminPage.goto("/app/admin/auth-sessions");
    await visible(adminPage.locator(`tr[data-session-user="${user.email}"]`));
    await adminPage.goto("/app/admin/users");
    await visible(adminPage.getByTestId("admin-nav").getByRole("link", { name: "Users" }));
    await (await hydrated(adminPage.getByLabel("Search"))).fill(user.email);
    const row = adminPage.locator(`tr[data-user="${user.email}"]`);
    await visible(row);
    await visible(adminPage.getByText("1–1 of 1"));
    await (await hydrated(row.getByRole("button", { name: `Ban ${user.email}` }))).click();
    const dialog = adminPage.getByRole("dialog", { name: "Ban user" });
    await visible(dialog.getByText(user.email));
    await dialog.getByLabel("Reason (kept with the account)").fill("Abusive messages");
    await dialog.getByRole("button", { name: "Ban", exact: true }).click();
    await toastWith(adminPage, `${user.email} is banned`);
    await visible(row.getByText("Banned"));
    await screenshot(adminPage, "admin-user-banned");
    await adminPage.goto("/app/admin/auth-sessions");
    await visible(adminPage.getByTestId("sessions-table"));
    expect(await adminPage.locator(`tr[data-session-user="${user.email}"]`).count()).toBe(0);
    await adminPage.goto("/app/admin");
    await visible(adminPage.getByTestId("admin-stats").getByText("Tool calls this month"));
    await screenshot(adminPage, "admin-index");

    // At phone width the page itself does not scroll sideways (a wide table scrolls in its own box).
    await adminPage.setViewportSize({ width: 390, height: 844 });
    await adminPage.goto("/app/admin/users");
    await visible(adminPage.getByTestId("users-table"));
    const overflow = await adminPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(adminPage, "admin-users-phone");

    // The user's session is gone: the next page load goes to sign-in, and signing in is refused.
    await page.reload();
    await waitForPath(page, /^\/sign-in$/);
    await (await hydrated(page.getByLabel("Email"))).fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await visible(page.getByRole("alert").getByText(BANNED_MESSAGE));
    expect(new URL(page.url()).pathname).toBe("/sign-in");
  } finally {
    await adminContext.close();
  }
});

test("the account page at phone width: rename, and deletion refused while last owner", {
  timeout: 120_000,
}, async ({ browser, server }) => {
  await siteAdmin(server.baseUrl);
  const phone = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 390, height: 844 } });
  try {
    const page = await phone.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT);
    const me = newUser("phone-owner");
    await signUpInto(phone, server.baseUrl, me);
    const http = await signedInClient(server.baseUrl, me);
    await http.mutate("organization.create", { name: "Pocket Co" });

    await page.goto("/app/account");
    await visible(page.getByRole("heading", { level: 1, name: "Your account" }));
    const name = await hydrated(page.getByLabel("Your name"));
    await name.fill("  Grace Hopper ");
    await page.getByRole("button", { name: "Save name" }).click();
    await toastWith(page, "Name saved");
    expect(((await http.query<{ name: string }>("user.getInfo")) as { name: string }).name).toBe(
      "Grace Hopper",
    );

    const blocked = page.getByTestId("delete-blocked");
    await visible(blocked.getByText("Pocket Co"));
    expect(await page.getByRole("button", { name: "Delete account" }).isDisabled()).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "account-phone");
  } finally {
    await phone.close();
  }
});
