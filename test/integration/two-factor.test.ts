// Two-factor sign-in through Better Auth's HTTP endpoints as a browser uses them (cookies carried from
// response to request): enabling takes the password and a correct code from the authenticator, a
// password alone then no longer signs in, backup codes work once, wrong codes are refused and braked,
// and only the account's own session with its own password turns it off.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TWO_FACTOR_MESSAGES } from "~/server/auth/two-factor.ts";
import { formatKeyList } from "~/server/crypto/key-format.ts";
import { twoFactor, user } from "~/server/db/schema/index.ts";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import { callerFor, createTestApp, signUp } from "../support/app.ts";
import { dumpDatabase } from "../support/dump.ts";
import { appForFile } from "../support/fixture.ts";
import { authRequest } from "../support/outbox.ts";
import { hotp, totpCode, wrongTotpCode } from "../support/totp.ts";
import { newUser } from "../support/users.ts";

const ADMIN = {
  email: "site-admin@example.test",
  password: "pw-site-admin-correct-horse",
  name: "Site admin",
};
const app = await appForFile({ ADMIN_EMAILS: ADMIN.email });

/** The browser's cookies: each response's Set-Cookie replaces (or, expired, removes) its cookie. */
class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(initial = "") {
    this.take(initial.split("; ").filter(Boolean));
  }
  get header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  private take(pairs: string[], expired = new Set<string>()) {
    for (const pair of pairs) {
      const at = pair.indexOf("=");
      const name = pair.slice(0, at);
      if (expired.has(name) || pair.slice(at + 1) === "") this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(at + 1));
    }
  }
  async post(path: string, body: object) {
    const response = await authRequest(app, "POST", path, { body, cookie: this.header });
    const lines = response.headers.getSetCookie();
    const expired = new Set(
      lines.filter((line) => /max-age=0/i.test(line)).map((line) => line.slice(0, line.indexOf("="))),
    );
    this.take(
      lines.map((line) => line.split(";")[0] ?? ""),
      expired,
    );
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
  }
  signedIn() {
    return callerFor(app, this.header)
      .account.get()
      .then(
        () => true,
        () => false,
      );
  }
}

/** A new account, signed in, with two-factor sign-in turned on; its authenticator URI and backup codes. */
async function personWithTwoFactor(label: string) {
  const credentials = newUser(label);
  const browser = new Browser(await signUp(app, credentials));
  const enabled = await browser.post("/two-factor/enable", { password: credentials.password });
  expect(enabled.status).toBe(200);
  const totpURI = String(enabled.body.totpURI);
  const backupCodes = enabled.body.backupCodes as string[];
  const verified = await browser.post("/two-factor/verify-totp", { code: totpCode(totpURI) });
  expect(verified.status).toBe(200);
  return { credentials, browser, totpURI, backupCodes };
}

/** A fresh browser past the password step: the second step's cookie, no session yet. */
async function passwordStep(credentials: { email: string; password: string }) {
  const browser = new Browser();
  const answer = await browser.post("/sign-in/email", credentials);
  return { browser, answer };
}

async function twoFactorEnabled(userId: string) {
  const [row] = await app.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId));
  return row?.on;
}

it("the test's TOTP is RFC 6238's (appendix B, SHA-1, T=59s)", () => {
  expect(hotp(Buffer.from("12345678901234567890"), 1, 8)).toBe("94287082");
});

describe("enabling", () => {
  it("needs the password, then a correct code; until then sign-in asks for nothing more", async () => {
    const credentials = newUser("enabler");
    const browser = new Browser(await signUp(app, credentials));
    const { id } = await callerFor(app, browser.header).account.get();

    const wrongPassword = await browser.post("/two-factor/enable", { password: "not-my-password" });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.message).toBe(TWO_FACTOR_MESSAGES.INVALID_PASSWORD);

    const enabled = await browser.post("/two-factor/enable", { password: credentials.password });
    expect(enabled.status).toBe(200);
    const totpURI = String(enabled.body.totpURI);
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Portico:/);
    expect(new URL(totpURI).searchParams.get("issuer")).toBe("Portico");
    const backupCodes = enabled.body.backupCodes as string[];
    expect(backupCodes).toHaveLength(10);
    // Without look-alike characters, in groups of four (lib/two-factor.ts), all different.
    for (const code of backupCodes)
      expect(code).toMatch(/^[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}$/);
    expect(new Set(backupCodes).size).toBe(10);

    // Set up but not confirmed: not on, and a password still signs in.
    expect(await twoFactorEnabled(id)).toBe(false);
    expect((await callerFor(app, browser.header).account.get()).twoFactorEnabled).toBe(false);
    const early = await passwordStep(credentials);
    expect(early.answer.body.twoFactorRedirect).toBeUndefined();
    expect(await early.browser.signedIn()).toBe(true);

    const wrong = await browser.post("/two-factor/verify-totp", { code: wrongTotpCode(totpURI) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(TWO_FACTOR_MESSAGES.INVALID_CODE);
    expect(await twoFactorEnabled(id)).toBe(false);

    const right = await browser.post("/two-factor/verify-totp", { code: totpCode(totpURI) });
    expect(right.status).toBe(200);
    expect(await twoFactorEnabled(id)).toBe(true);
    // The session was renewed with the new state, and this browser is still signed in.
    expect(await browser.signedIn()).toBe(true);
    expect((await callerFor(app, browser.header).account.get()).twoFactorEnabled).toBe(true);
  });

  it("stores the authenticator secret and backup codes encrypted", async () => {
    const { totpURI, backupCodes } = await personWithTwoFactor("at-rest");
    const base32Secret = new URL(totpURI).searchParams.get("secret") ?? "";
    const dump = await dumpDatabase(app.db);
    expect(dump).toContain("-- two_factor");
    expect(dump).not.toContain(base32Secret);
    for (const code of backupCodes) expect(dump).not.toContain(code);
  });
});

describe("signing in", () => {
  it("a correct password gives no session, only the second step; the code completes it", async () => {
    const { credentials, totpURI } = await personWithTwoFactor("signer");
    const { browser, answer } = await passwordStep(credentials);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(await browser.signedIn()).toBe(false);

    const wrong = await browser.post("/two-factor/verify-totp", { code: wrongTotpCode(totpURI) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(TWO_FACTOR_MESSAGES.INVALID_CODE);
    expect(await browser.signedIn()).toBe(false);

    // The next step's code (the one that turned 2FA on counts once: totp-reuse.ts).
    const right = await browser.post("/two-factor/verify-totp", { code: totpCode(totpURI, 1) });
    expect(right.status).toBe(200);
    expect(await browser.signedIn()).toBe(true);
  });

  it("a code without a password step, or with someone else's, signs nobody in", async () => {
    const { totpURI } = await personWithTwoFactor("no-password");
    const stranger = new Browser();
    const answer = await stranger.post("/two-factor/verify-totp", { code: totpCode(totpURI) });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(TWO_FACTOR_MESSAGES.INVALID_TWO_FACTOR_COOKIE);
    expect(await stranger.signedIn()).toBe(false);

    // Another account's pending second step does not accept this account's code.
    const other = await personWithTwoFactor("other");
    const { browser } = await passwordStep(other.credentials);
    const mine = totpCode(totpURI);
    if (mine !== totpCode(other.totpURI)) {
      const crossed = await browser.post("/two-factor/verify-totp", { code: mine });
      expect(crossed.status).toBe(401);
      expect(await browser.signedIn()).toBe(false);
    }
  });

  it("a backup code signs in once; used again it is refused", async () => {
    const { credentials, backupCodes } = await personWithTwoFactor("backup");
    const code = backupCodes[3] ?? "";
    const first = await passwordStep(credentials);
    expect((await first.browser.post("/two-factor/verify-backup-code", { code })).status).toBe(200);
    expect(await first.browser.signedIn()).toBe(true);

    const second = await passwordStep(credentials);
    const reused = await second.browser.post("/two-factor/verify-backup-code", { code });
    expect(reused.status).toBe(401);
    expect(reused.body.message).toBe(TWO_FACTOR_MESSAGES.INVALID_BACKUP_CODE);
    expect(await second.browser.signedIn()).toBe(false);
    // Another unused code still works in the same step.
    const other = await second.browser.post("/two-factor/verify-backup-code", { code: backupCodes[4] });
    expect(other.status).toBe(200);
    expect(await second.browser.signedIn()).toBe(true);
  });

  it("five wrong codes end the attempt; ten in a row lock the account's second step", async () => {
    const { credentials, totpURI } = await personWithTwoFactor("guesser");
    const wrong = wrongTotpCode(totpURI);
    const first = await passwordStep(credentials);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await first.browser.post("/two-factor/verify-totp", { code: wrong })).status).toBe(401);
    }
    // The sixth try, even with the right code, needs the password again.
    const ended = await first.browser.post("/two-factor/verify-totp", { code: totpCode(totpURI, 1) });
    expect(ended.status).toBe(400);
    expect(ended.body.message).toBe(TWO_FACTOR_MESSAGES.TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE);
    expect(await first.browser.signedIn()).toBe(false);

    const second = await passwordStep(credentials);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await second.browser.post("/two-factor/verify-totp", { code: wrong })).status).toBe(401);
    }
    const third = await passwordStep(credentials);
    const locked = await third.browser.post("/two-factor/verify-totp", { code: totpCode(totpURI, 1) });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(TWO_FACTOR_MESSAGES.ACCOUNT_TEMPORARILY_LOCKED);
    expect(await third.browser.signedIn()).toBe(false);

    // The lock is on the account, for 15 minutes: moved into the past, the right code works again.
    await app.db.update(twoFactor).set({ lockedUntil: new Date(Date.now() - 1000) });
    const later = await passwordStep(credentials);
    expect((await later.browser.post("/two-factor/verify-totp", { code: totpCode(totpURI, 1) })).status).toBe(
      200,
    );
    expect(await later.browser.signedIn()).toBe(true);
  });

  it("a device trusted at sign-in skips the second step next time", async () => {
    const { credentials, totpURI } = await personWithTwoFactor("truster");
    const { browser } = await passwordStep(credentials);
    await browser.post("/two-factor/verify-totp", { code: totpCode(totpURI, 1), trustDevice: true });
    await browser.post("/sign-out", {});
    expect(await browser.signedIn()).toBe(false);
    const again = await browser.post("/sign-in/email", credentials);
    expect(again.body.twoFactorRedirect).toBeUndefined();
    expect(await browser.signedIn()).toBe(true);

    // Another browser is still asked.
    expect((await passwordStep(credentials)).answer.body.twoFactorRedirect).toBe(true);
  });
});

describe("backup codes and turning off", () => {
  it("new backup codes need the password and replace the old ones", async () => {
    const { credentials, browser, backupCodes } = await personWithTwoFactor("regenerate");
    const refused = await browser.post("/two-factor/generate-backup-codes", { password: "wrong-one" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(TWO_FACTOR_MESSAGES.INVALID_PASSWORD);
    const renewed = await browser.post("/two-factor/generate-backup-codes", {
      password: credentials.password,
    });
    expect(renewed.status).toBe(200);
    const fresh = renewed.body.backupCodes as string[];
    expect(fresh).toHaveLength(10);

    const step = await passwordStep(credentials);
    expect((await step.browser.post("/two-factor/verify-backup-code", { code: backupCodes[0] })).status).toBe(
      401,
    );
    expect((await step.browser.post("/two-factor/verify-backup-code", { code: fresh[0] })).status).toBe(200);
  });

  it("turning off needs the password; then a password alone signs in again", async () => {
    const { credentials, browser } = await personWithTwoFactor("disabler");
    const { id } = await callerFor(app, browser.header).account.get();
    const refused = await browser.post("/two-factor/disable", { password: "wrong-one" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(TWO_FACTOR_MESSAGES.INVALID_PASSWORD);
    expect(await twoFactorEnabled(id)).toBe(true);

    expect((await browser.post("/two-factor/disable", { password: credentials.password })).status).toBe(200);
    expect(await twoFactorEnabled(id)).toBe(false);
    expect(await browser.signedIn()).toBe(true);
    expect(await app.db.select().from(twoFactor).where(eq(twoFactor.userId, id))).toHaveLength(0);
    const { browser: next, answer } = await passwordStep(credentials);
    expect(answer.body.twoFactorRedirect).toBeUndefined();
    expect(await next.signedIn()).toBe(true);
  });

  it("another account's session cannot turn yours off, even knowing your password", async () => {
    const victim = await personWithTwoFactor("victim");
    const { id: victimId } = await callerFor(app, victim.browser.header).account.get();
    const attacker = new Browser(await signUp(app, newUser("attacker")));
    const attempt = await attacker.post("/two-factor/disable", { password: victim.credentials.password });
    expect(attempt.status).toBe(400);
    expect(await twoFactorEnabled(victimId)).toBe(true);
    // Without a session at all: refused before anything is read.
    expect((await new Browser().post("/two-factor/disable", { password: "x" })).status).toBe(401);
    expect(await twoFactorEnabled(victimId)).toBe(true);
  });
});

describe("bad input", () => {
  it("malformed bodies are refused with a 4xx, never a 500, and sign nobody in", async () => {
    const { credentials, browser } = await personWithTwoFactor("fuzzed");
    const { browser: pending } = await passwordStep(credentials);
    const bodies: unknown[] = [
      {},
      { code: 123456 },
      { code: null },
      { code: ["123456"] },
      { code: "x".repeat(100_000) },
      { code: "123456", trustDevice: "yes" },
    ];
    for (const path of ["/two-factor/verify-totp", "/two-factor/verify-backup-code"]) {
      for (const body of bodies) {
        const answer = await pending.post(path, body as object);
        expect(answer.status, `${path} ${JSON.stringify(body).slice(0, 40)}`).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
      }
    }
    expect(await pending.signedIn()).toBe(false);
    for (const path of ["/two-factor/enable", "/two-factor/disable", "/two-factor/generate-backup-codes"]) {
      for (const body of [{}, { password: 42 }, { password: ["x"] }, { password: null }]) {
        const answer = await browser.post(path, body);
        expect(answer.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
      }
    }
    // A forged second-step cookie is not a second step.
    const forged = await authRequest(app, "POST", "/two-factor/verify-totp", {
      body: { code: "123456" },
      cookie: "better-auth.two_factor=2fa-forged.c2lnbmF0dXJl",
    });
    expect(forged.status).toBe(401);
  });
});

describe("per-address limit (production)", () => {
  it("allows 3 code attempts per address in 10 seconds, like sign-in", { timeout: 60_000 }, async () => {
    const production = await createTestApp({
      APP_ENV: "production",
      ENCRYPTION_KEYS: formatKeyList([{ id: "k1", key: randomBytes(32) }]),
    });
    try {
      const attempt = () => {
        const request = new Request(`${production.config.baseUrl}/api/auth/two-factor/verify-totp`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: production.config.baseUrl },
          body: JSON.stringify({ code: "123456" }),
        });
        Object.defineProperty(request, "ip", { value: "198.51.100.77" });
        return handleApiRequest(production, request, "/api/auth/two-factor/verify-totp") as Promise<Response>;
      };
      const statuses: number[] = [];
      for (let index = 0; index < 5; index++) statuses.push((await attempt()).status);
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses.slice(3)).toEqual([429, 429]);
    } finally {
      await production.database.close();
    }
  });
});

describe("site admins", () => {
  it("see who has two-factor sign-in on", async () => {
    const adminCookie = await signUp(app, ADMIN);
    const { credentials } = await personWithTwoFactor("listed");
    const plain = newUser("plain");
    await signUp(app, plain);
    const admin = callerFor(app, adminCookie);
    const listing = await admin.admin.getUsers({ pageSize: 100 });
    const row = (email: string) => listing.users.find((entry) => entry.email === email);
    expect(row(credentials.email)?.twoFactorEnabled).toBe(true);
    expect(row(plain.email)?.twoFactorEnabled).toBe(false);
  });
});
