// Proves the in-process harness: real sign-up through Better Auth, then procedures called as that user.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "~/server/app-services.ts";
import { callerFor, createTestApp, signIn, signUp } from "./app.ts";
import { newUser } from "./users.ts";

describe("test harness", () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.database.close();
  });

  it("runs on the database the environment asks for", () => {
    expect(app.database.kind).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
  });

  it("signs users up, makes the first one admin, and calls procedures as each", async () => {
    const first = newUser("first");
    const second = newUser("second");
    const firstCookie = await signUp(app, first);
    const secondCookie = await signUp(app, second);

    const firstInfo = await callerFor(app, firstCookie).user.getInfo();
    expect(firstInfo).toMatchObject({ email: first.email, name: first.name, role: "admin" });

    const secondInfo = await callerFor(app, secondCookie).user.getInfo();
    expect(secondInfo).toMatchObject({ email: second.email, name: second.name, role: "user" });
    expect(secondInfo.id).not.toBe(firstInfo.id);

    const again = await signIn(app, second);
    await expect(callerFor(app, again).user.getInfo()).resolves.toMatchObject({ id: secondInfo.id });
  });

  it("refuses protected procedures without a session", async () => {
    await expect(callerFor(app).user.getInfo()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(callerFor(app, "better-auth.session_token=forged").user.getInfo()).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });

  it("gives every test app its own database", async () => {
    const other = await createTestApp();
    try {
      const user = newUser("isolated");
      await signUp(other, user);
      // The first user of the fresh database is its admin, whatever happened in `app`.
      const cookie = await signIn(other, user);
      await expect(callerFor(other, cookie).user.getInfo()).resolves.toMatchObject({ role: "admin" });
      await expect(signIn(app, user)).rejects.toThrow(/401/);
    } finally {
      await other.database.close();
    }
  });
});
