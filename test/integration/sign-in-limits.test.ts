// Sign-in guessing is held by two limits: per account (sign-in-throttle.ts, counted atomically) and per
// client address (Better Auth's rate limit, with the address resolved by client-address.ts: a
// forwarded address is believed only from a configured proxy).
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { App } from "~/server/app-services.ts";
import { SIGN_IN_MAX_FAILURES } from "~/server/auth/sign-in-throttle.ts";
import { formatKeyList } from "~/server/crypto/key-format.ts";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import { createTestApp, signUp } from "../support/app.ts";
import { newUser } from "../support/users.ts";

let app: App | undefined;
afterEach(async () => {
  await app?.database.close();
  app = undefined;
});

/** A sign-in as srvx hands it over: `ip` is the connection's peer address. */
function signIn(current: App, body: object, peer: string, headers: Record<string, string> = {}) {
  const request = new Request(`${current.config.baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: current.config.baseUrl, ...headers },
    body: JSON.stringify(body),
  });
  Object.defineProperty(request, "ip", { value: peer });
  return handleApiRequest(current, request, "/api/auth/sign-in/email") as Promise<Response>;
}

const productionEnv = (extra: Record<string, string> = {}) => ({
  APP_ENV: "production",
  ENCRYPTION_KEYS: formatKeyList([{ id: "k1", key: randomBytes(32) }]),
  ...extra,
});

describe("per-account limit", { timeout: 240_000 }, () => {
  it("300 concurrent wrong guesses on one account: at most the limit get checked", async () => {
    app = await createTestApp();
    const current = app;
    const person = newUser("target");
    await signUp(current, person);
    const responses = await Promise.all(
      Array.from({ length: 300 }, (_, index) =>
        signIn(current, { email: person.email, password: `wrong-guess-${index}` }, "198.51.100.7"),
      ),
    );
    const statuses = responses.map((response) => response.status);
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeLessThanOrEqual(SIGN_IN_MAX_FAILURES);
    expect(statuses.filter((status) => status === 429).length).toBe(300 - checked);
    // Locked now, even with the right password.
    const right = await signIn(current, person, "198.51.100.7");
    expect(right.status).toBe(429);
  });

  it("a successful sign-in clears earlier failures", async () => {
    app = await createTestApp();
    const person = newUser("forgetful");
    await signUp(app, person);
    for (let attempt = 0; attempt < SIGN_IN_MAX_FAILURES - 1; attempt++) {
      expect((await signIn(app, { email: person.email, password: "nope-nope" }, "198.51.100.8")).status).toBe(
        401,
      );
    }
    expect((await signIn(app, person, "198.51.100.8")).status).toBe(200);
    for (let attempt = 0; attempt < SIGN_IN_MAX_FAILURES - 1; attempt++) {
      expect((await signIn(app, { email: person.email, password: "nope-nope" }, "198.51.100.8")).status).toBe(
        401,
      );
    }
    expect((await signIn(app, person, "198.51.100.8")).status).toBe(200);
  });
});

describe("per-address limit", { timeout: 120_000 }, () => {
  // Better Auth allows 3 sign-in attempts per address in 10 seconds.
  const guesses = (current: App, peer: string) =>
    Promise.all(
      ["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4", "203.0.113.5"].map((forwarded) =>
        signIn(current, { email: newUser("nobody").email, password: "guess-guess" }, peer, {
          "x-forwarded-for": forwarded,
        }).then((response) => response.status),
      ),
    );

  it("ignores X-Forwarded-For from a client that is not a configured proxy", async () => {
    app = await createTestApp(productionEnv());
    const statuses = await guesses(app, "192.0.2.50");
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(2);
  });

  it("believes X-Forwarded-For from a proxy listed in TRUSTED_PROXIES", async () => {
    app = await createTestApp(productionEnv({ TRUSTED_PROXIES: "192.0.2.0/24" }));
    const statuses = await guesses(app, "192.0.2.50");
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
  });
});
