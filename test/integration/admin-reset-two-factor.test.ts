// A site admin resets the two-factor sign-in of someone who lost their authenticator and backup codes:
// it goes off with its secret, backup codes and trusted devices, every session of the account ends, a
// password alone signs in again and two-factor can be set up anew. Only site admins, never on their own
// account (the account page, with the password, is for that), and only where it is on.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { RESET_OWN_TWO_FACTOR } from "~/server/admin/reset-two-factor.ts";
import { twoFactor, user, verification } from "~/server/db/schema/index.ts";
import { callerFor, signIn } from "../support/app.ts";
import { authRequest } from "../support/outbox.ts";
import { turnOnTwoFactor } from "../support/two-factor-on.ts";
import { outcome, worldForFile } from "./world.ts";

const { app, world } = await worldForFile();
// ownerA is the instance's first account, so its site admin; adminA administers an organization only.
const { ownerA: siteAdmin, adminA: organizationAdmin, memberA: person } = world;

const withTwoFactor = await turnOnTwoFactor(app, person);
// A device the person trusted (the plugin's record: identifier "trust-device-…", value the user's id).
await app.db.insert(verification).values({
  id: "trusted-device-record",
  identifier: "trust-device-lost-phone",
  value: person.id,
  expiresAt: new Date(Date.now() + 86_400_000),
});

const stateOf = async (userId: string) => {
  const [row] = await app.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId));
  const secrets = await app.db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  const trusted = await app.db.select().from(verification).where(eq(verification.value, userId));
  return {
    on: row?.on,
    secrets: secrets.length,
    trusted: trusted.filter((t) => t.identifier.startsWith("trust-device-")).length,
  };
};

describe("admin.resetTwoFactor", () => {
  it("is refused to people who are not site admins, and to an admin for their own account", async () => {
    expect(await outcome(organizationAdmin.caller.admin.resetTwoFactor({ userId: person.id }))).toBe(
      "FORBIDDEN",
    );
    expect(await outcome(withTwoFactor.caller.admin.resetTwoFactor({ userId: person.id }))).toBe("FORBIDDEN");
    await expect(siteAdmin.caller.admin.resetTwoFactor({ userId: siteAdmin.id })).rejects.toThrow(
      RESET_OWN_TWO_FACTOR,
    );
    expect(await outcome(siteAdmin.caller.admin.resetTwoFactor({ userId: "no-such-user" }))).toBe(
      "NOT_FOUND",
    );
    expect(await stateOf(person.id)).toEqual({ on: true, secrets: 1, trusted: 1 });
    // A password alone does not sign in while it is on.
    const passwordOnly = await authRequest(app, "POST", "/sign-in/email", { body: person.credentials });
    expect(((await passwordOnly.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);
  });

  it("turns it off, forgets the authenticator and trusted devices, and ends every session", async () => {
    expect(await outcome(withTwoFactor.caller.account.get())).toBe("OK");
    expect(await siteAdmin.caller.admin.resetTwoFactor({ userId: person.id })).toEqual({
      userId: person.id,
      email: person.credentials.email,
    });
    expect(await stateOf(person.id)).toEqual({ on: false, secrets: 0, trusted: 0 });
    expect(await outcome(withTwoFactor.caller.account.get())).toBe("UNAUTHORIZED");
    // Once is enough: a second reset says it is already off.
    expect(await outcome(siteAdmin.caller.admin.resetTwoFactor({ userId: person.id }))).toBe("BAD_REQUEST");
  });

  it("lets the person sign in with the password and set two-factor up again", async () => {
    const cookie = await signIn(app, person.credentials);
    const again = await turnOnTwoFactor(app, { cookie, credentials: person.credentials });
    expect((await callerFor(app, again.cookie).account.get()).twoFactorEnabled).toBe(true);
    expect(await stateOf(person.id)).toMatchObject({ on: true, secrets: 1 });
  });
});
