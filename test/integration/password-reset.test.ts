// Forgotten passwords: a single-use, expiring link mailed to the account's address (the outbox here),
// the same answer whether or not the address has an account; and sign-up confirmation by mail when
// REQUIRE_EMAIL_VERIFICATION is on.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { App } from "~/server/app-services.ts";
import { EMAIL_NOT_VERIFIED_MESSAGE } from "~/server/auth/auth-messages.ts";
import { verification } from "~/server/db/schema/index.ts";
import { callerFor, cookieFrom, signIn, signUp } from "../support/app.ts";
import { appForFile } from "../support/fixture.ts";
import { authRequest, linkIn, mailsTo } from "../support/outbox.ts";
import { newUser } from "../support/users.ts";
import { outcome } from "./world.ts";

/** Follows the mailed link like a browser: Better Auth answers with a redirect to the reset page. */
async function tokenFromResetMail(app: App, email: string): Promise<string> {
  const [mail] = await mailsTo(app.db, email);
  if (!mail) throw new Error(`No mail to ${email}`);
  const response = await authRequest(app, "GET", linkIn(mail.text));
  expect(response.status).toBe(302);
  const target = new URL(response.headers.get("location") ?? "", app.config.baseUrl);
  expect(target.pathname).toBe("/reset-password");
  return target.searchParams.get("token") ?? "";
}

const app = await appForFile();
const verifyingApp = await appForFile({ REQUIRE_EMAIL_VERIFICATION: "true" });

describe("password reset", () => {
  const requestReset = (email: string) =>
    authRequest(app, "POST", "/request-password-reset", { body: { email, redirectTo: "/reset-password" } });

  it("answers the same whether or not the address has an account, and mails only a real one", async () => {
    const person = newUser("forgetful");
    await signUp(app, person);
    const known = await requestReset(person.email);
    const unknown = await requestReset("nobody-here@example.test");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    expect(await mailsTo(app.db, "nobody-here@example.test")).toEqual([]);
    const [mail] = await mailsTo(app.db, person.email);
    expect(mail?.subject).toBe("Reset your Portico password");
    expect(mail?.text).toContain("expires in 1 hour");
  });

  it("sets a new password with the mailed link, once, and signs every session out", async () => {
    const person = newUser("resetter");
    const oldCookie = await signUp(app, person);
    await requestReset(person.email);
    const token = await tokenFromResetMail(app, person.email);
    const newPassword = "a-brand-new-password";
    const reset = await authRequest(app, "POST", "/reset-password", { body: { token, newPassword } });
    expect(reset.status).toBe(200);

    expect(await outcome(callerFor(app, oldCookie).user.getInfo())).toBe("UNAUTHORIZED");
    await expect(signIn(app, person)).rejects.toThrow();
    await signIn(app, { email: person.email, password: newPassword });

    const again = await authRequest(app, "POST", "/reset-password", {
      body: { token, newPassword: "yet-another-password" },
    });
    expect(again.status).toBe(400);
    await signIn(app, { email: person.email, password: newPassword });
  });

  it("refuses an expired link", async () => {
    const person = newUser("late");
    await signUp(app, person);
    await requestReset(person.email);
    const token = await tokenFromResetMail(app, person.email);
    await app.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${token}`));
    const reset = await authRequest(app, "POST", "/reset-password", {
      body: { token, newPassword: "too-late-password" },
    });
    expect(reset.status).toBe(400);
    await signIn(app, person);
  });
});

describe("REQUIRE_EMAIL_VERIFICATION=true", () => {
  it("mails a confirmation link on sign-up and refuses sign-in until it is opened", async () => {
    const person = newUser("unverified");
    const signUpResponse = await authRequest(verifyingApp, "POST", "/sign-up/email", {
      body: { ...person, callbackURL: "/app/dashboard" },
    });
    expect(signUpResponse.status).toBe(200);
    expect(cookieFrom(signUpResponse)).not.toContain("session_token=");
    const [mail] = await mailsTo(verifyingApp.db, person.email);
    expect(mail?.subject).toBe("Confirm your email address for Portico");

    await expect(signIn(verifyingApp, person)).rejects.toThrow(EMAIL_NOT_VERIFIED_MESSAGE);

    const opened = await authRequest(verifyingApp, "GET", linkIn(mail?.text ?? ""));
    expect(opened.status).toBe(302);
    const cookie = await signIn(verifyingApp, person);
    expect((await callerFor(verifyingApp, cookie).user.getInfo()).email).toBe(person.email);
  });

  it("is off by default: sign-up signs in at once and sends no mail", async () => {
    // The first describe's app has the default configuration.
    const person = newUser("instant");
    const cookie = await signUp(app, person);
    expect((await callerFor(app, cookie).user.getInfo()).email).toBe(person.email);
    expect(await mailsTo(app.db, person.email)).toEqual([]);
  });
});
