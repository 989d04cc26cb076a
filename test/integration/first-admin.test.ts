// The first account of an empty instance administers it, decided atomically: many sign-ups racing on
// an empty database make exactly one site administrator (two did on PostgreSQL before).
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { App } from "~/server/app-services.ts";
import { user } from "~/server/db/schema/index.ts";
import { createTestApp, signUp } from "../support/app.ts";
import { newUser } from "../support/users.ts";

let app: App | undefined;
afterEach(async () => {
  await app?.database.close();
  app = undefined;
});

describe("first administrator", () => {
  it("60 concurrent sign-ups on an empty database make exactly one site admin", async () => {
    app = await createTestApp();
    const current = app;
    // Better Auth's own user creation (the sign-up endpoint's last step, with its database hooks), without
    // the password hashing that would spread the sign-ups out in time and hide the race.
    const context = await current.auth.$context;
    await Promise.all(
      Array.from({ length: 60 }, (_, index) => {
        const { email, name } = newUser(`racer${index}`);
        return context.internalAdapter.createUser(
          { email, name, emailVerified: false },
          { method: "email-password" },
        );
      }),
    );
    const admins = await current.db.select({ email: user.email }).from(user).where(eq(user.role, "admin"));
    expect(admins).toHaveLength(1);
    const later = newUser("later");
    await signUp(current, later);
    const [row] = await current.db.select({ role: user.role }).from(user).where(eq(user.email, later.email));
    expect(row?.role).toBe("user");
  });

  it("ADMIN_EMAILS still names more administrators", async () => {
    const listed = newUser("listed");
    app = await createTestApp({ ADMIN_EMAILS: listed.email });
    await signUp(app, newUser("first"));
    await signUp(app, listed);
    const admins = await app.db.select({ email: user.email }).from(user).where(eq(user.role, "admin"));
    expect(admins.map((admin) => admin.email).sort()).toEqual(
      [expect.stringMatching(/^first-/), listed.email].sort(),
    );
  });
});
