// An authenticator code signs in once: the same code again within its window is refused (the plugin
// alone would accept it), the next code works, and a wrong code does not use anything up.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CODE_ALREADY_USED } from "~/server/auth/totp-reuse.ts";
import { TWO_FACTOR_MESSAGES } from "~/server/auth/two-factor.ts";
import { session, user } from "~/server/db/schema/index.ts";
import { cookieFrom, signUp } from "../support/app.ts";
import { appForFile } from "../support/fixture.ts";
import { authRequest } from "../support/outbox.ts";
import { totpCode, wrongTotpCode } from "../support/totp.ts";
import { turnOnTwoFactor } from "../support/two-factor-on.ts";
import { newUser } from "../support/users.ts";

const app = await appForFile();

/** A fresh sign-in past the password: the second step's cookie. */
async function passwordStep(credentials: { email: string; password: string }) {
  const response = await authRequest(app, "POST", "/sign-in/email", { body: credentials });
  expect(((await response.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);
  return cookieFrom(response);
}

async function verify(cookie: string, code: string) {
  const response = await authRequest(app, "POST", "/two-factor/verify-totp", { body: { code }, cookie });
  const body = (await response.json()) as { message?: string };
  return { status: response.status, message: body.message };
}

describe("authenticator codes", () => {
  it("count once: the code that turned 2FA on, or signed in, is refused the next time", async () => {
    const credentials = newUser("code-reuse");
    const person = { credentials, cookie: await signUp(app, credentials) };
    const { totpURI } = await turnOnTwoFactor(app, person);

    // The code just used to turn it on cannot sign in.
    const current = totpCode(totpURI);
    expect(await verify(await passwordStep(credentials), current)).toEqual({
      status: 401,
      message: CODE_ALREADY_USED,
    });

    // A wrong code is refused as wrong, and uses nothing up.
    const attempt = await passwordStep(credentials);
    const wrong = wrongTotpCode(totpURI);
    expect(await verify(attempt, wrong)).toEqual({ status: 401, message: TWO_FACTOR_MESSAGES.INVALID_CODE });
    expect(await verify(attempt, wrong)).toEqual({ status: 401, message: TWO_FACTOR_MESSAGES.INVALID_CODE });

    // The next code (accepted one step early) signs in once, and only once.
    const next = totpCode(totpURI, 1);
    expect((await verify(attempt, next)).status).toBe(200);
    expect(await verify(await passwordStep(credentials), next)).toEqual({
      status: 401,
      message: CODE_ALREADY_USED,
    });
  });

  it("sent twice at the same moment, one code signs in once", async () => {
    const credentials = newUser("code-race");
    const person = { credentials, cookie: await signUp(app, credentials) };
    const { totpURI } = await turnOnTwoFactor(app, person);
    const [userRow] = await app.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, credentials.email));
    const sessionsBefore = await app.db
      .select()
      .from(session)
      .where(eq(session.userId, userRow?.id ?? ""));
    const code = totpCode(totpURI, 1);
    const attempts = await Promise.all([passwordStep(credentials), passwordStep(credentials)]);
    const answers = await Promise.all(attempts.map((attempt) => verify(attempt, code)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    expect(answers.find((answer) => answer.status === 401)?.message).toBe(CODE_ALREADY_USED);
    // The refused request's session, if the plugin had made one, is gone: one new session in all.
    const sessionsAfter = await app.db
      .select()
      .from(session)
      .where(eq(session.userId, userRow?.id ?? ""));
    expect(sessionsAfter.length - sessionsBefore.length).toBe(1);
  });
});
