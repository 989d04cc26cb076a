// A signed-in session cannot guess its account's password without end: after five wrong current
// passwords (changing the password, deleting the account), even the right one is refused for a while.
import { describe, expect, it } from "vitest";
import { TOO_MANY_PASSWORD_CHECKS } from "~/server/auth/sign-in-throttle.ts";
import { appForFile } from "../support/fixture.ts";
import { person } from "./world.ts";

const app = await appForFile();

describe("current-password checks", () => {
  it("refuse the right password after five wrong ones, for this account only", async () => {
    const victim = await person(app, "held-session");
    const bystander = await person(app, "bystander");
    for (let guess = 0; guess < 5; guess++) {
      await expect(
        victim.caller.account.changePassword({
          currentPassword: `guess-${guess}-xyz`,
          newPassword: "taken-over-123",
        }),
      ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Your current password is not correct." });
    }
    await expect(
      victim.caller.account.changePassword({
        currentPassword: victim.credentials.password,
        newPassword: "taken-over-123",
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: TOO_MANY_PASSWORD_CHECKS });
    await expect(
      victim.caller.account.delete({ password: victim.credentials.password }),
    ).rejects.toMatchObject({
      message: TOO_MANY_PASSWORD_CHECKS,
    });
    expect(await victim.caller.user.getInfo()).toMatchObject({ id: victim.id });
    await bystander.caller.account.changePassword({
      currentPassword: bystander.credentials.password,
      newPassword: "new-password-123",
    });
  });

  it("forgets wrong passwords after a right one", async () => {
    const me = await person(app, "forgetful");
    for (let guess = 0; guess < 4; guess++) {
      await expect(
        me.caller.account.changePassword({
          currentPassword: `typo-${guess}-xyz`,
          newPassword: "new-password-123",
        }),
      ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    }
    await me.caller.account.changePassword({
      currentPassword: me.credentials.password,
      newPassword: "new-password-123",
    });
    for (let guess = 0; guess < 4; guess++) {
      await expect(
        me.caller.account.changePassword({
          currentPassword: `typo-${guess}-abc`,
          newPassword: "newer-password-1",
        }),
      ).rejects.toMatchObject({ message: "Your current password is not correct." });
    }
    await me.caller.account.changePassword({
      currentPassword: "new-password-123",
      newPassword: "newer-password-1",
    });
  });
});
