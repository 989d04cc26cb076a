// Sign-up validation and the failed sign-in throttle, over real HTTP against the production build.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "../support/http-client.ts";
import { type RunningServer, SERVER_HOOK_TIMEOUT, startServer } from "../support/server.ts";
import { newUser } from "../support/users.ts";

const TOO_MANY = "Too many failed sign-in attempts. Try again in 15 minutes.";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
}, SERVER_HOOK_TIMEOUT);
afterAll(async () => {
  await server?.stop();
});

describe("sign-up validation", () => {
  it("rejects an invalid body with a 4xx, creates no user, and then accepts a valid sign-up", async () => {
    const client = new HttpClient(server.baseUrl);
    const user = newUser("signup");

    const badEmail = await client.postJson("/api/auth/sign-up/email", { ...user, email: "not-an-email" });
    expect(badEmail.status).toBeGreaterThanOrEqual(400);
    expect(badEmail.status).toBeLessThan(500);

    const shortPassword = await client.postJson("/api/auth/sign-up/email", { ...user, password: "abc" });
    expect(shortPassword.status).toBeGreaterThanOrEqual(400);
    expect(shortPassword.status).toBeLessThan(500);
    expect(client.hasSession()).toBe(false);

    const refusedSignIn = await client.postJson("/api/auth/sign-in/email", {
      email: user.email,
      password: "abc",
    });
    expect(refusedSignIn.status).toBe(401);

    // Had the short-password attempt created the account, this would be "user already exists".
    await client.signUp(user);
    expect(client.hasSession()).toBe(true);
    const info = await client.get("/api/trpc/user.getInfo");
    expect((await info.json()).result.data.json).toMatchObject({ email: user.email });
  });

  it("refuses a second account with the same email", async () => {
    const user = newUser("twice");
    await new HttpClient(server.baseUrl).signUp(user);
    const again = await new HttpClient(server.baseUrl).postJson("/api/auth/sign-up/email", user);
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
  });

  it("refuses a cookie-carrying POST from a foreign origin", async () => {
    const client = new HttpClient(server.baseUrl);
    await client.signUp(newUser("csrf"));
    const response = await client.postJson("/api/auth/sign-out", {}, { origin: "http://evil.example" });
    expect(response.status).toBe(403);
    expect((await client.get("/api/trpc/user.getInfo")).status).toBe(200);
  });
});

describe("failed sign-in throttle", () => {
  it("answers 429 after five wrong passwords, and then refuses the right one too", async () => {
    const user = newUser("throttle");
    await new HttpClient(server.baseUrl).signUp(user);
    const client = new HttpClient(server.baseUrl);
    const wrong = { email: user.email, password: "wrong-password-123" };

    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      statuses.push((await client.postJson("/api/auth/sign-in/email", wrong)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);

    const sixth = await client.postJson("/api/auth/sign-in/email", wrong);
    expect(sixth.status).toBe(429);
    expect((await sixth.json()).message).toBe(TOO_MANY);

    const correct = await client.postJson("/api/auth/sign-in/email", user);
    expect(correct.status).toBe(429);
    expect((await correct.json()).message).toBe(TOO_MANY);
    expect(client.hasSession()).toBe(false);
  });

  it("cannot be dodged by changing the client-supplied X-Forwarded-For", async () => {
    const user = newUser("rotating");
    await new HttpClient(server.baseUrl).signUp(user);
    const client = new HttpClient(server.baseUrl);
    const wrong = { email: user.email, password: "wrong-password-123" };
    for (let attempt = 0; attempt < 5; attempt++) {
      const forwarded = { "x-forwarded-for": `203.0.113.${attempt + 1}` };
      expect((await client.postJson("/api/auth/sign-in/email", wrong, forwarded)).status).toBe(401);
    }
    const fresh = await client.postJson("/api/auth/sign-in/email", user, {
      "x-forwarded-for": "198.51.100.7",
    });
    expect(fresh.status).toBe(429);
  });

  it("does not lock out other accounts", async () => {
    const user = newUser("unaffected");
    await new HttpClient(server.baseUrl).signUp(user);
    const client = new HttpClient(server.baseUrl);
    await client.signIn(user);
    expect(client.hasSession()).toBe(true);
  });

  it("forgets earlier failures after a successful sign-in", async () => {
    const user = newUser("reset");
    await new HttpClient(server.baseUrl).signUp(user);
    const client = new HttpClient(server.baseUrl);
    const wrong = { email: user.email, password: "wrong-password-123" };
    for (let attempt = 0; attempt < 4; attempt++) await client.postJson("/api/auth/sign-in/email", wrong);
    await client.signIn(user);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await client.postJson("/api/auth/sign-in/email", wrong)).status).toBe(401);
    }
  });
});
