// A person's own account: name, email change confirmed by mail, password, other sessions, deletion
// refused while they are an organization's last owner.
import { describe, expect, it } from "vitest";
import { WRONG_CURRENT_PASSWORD } from "~/server/accounts/account.ts";
import { callerFor, signIn, signUp } from "../support/app.ts";
import { appForFile } from "../support/fixture.ts";
import { authRequest, linkIn, mailsTo } from "../support/outbox.ts";
import { newUser } from "../support/users.ts";
import { outcome } from "./world.ts";

const app = await appForFile();

async function person(label: string) {
  const credentials = newUser(label);
  const cookie = await signUp(app, credentials);
  return { credentials, cookie, caller: callerFor(app, cookie) };
}

describe("account.get and updateName", () => {
  it("shows the account with its sessions, the current one first, and renames it (trimmed)", async () => {
    const me = await person("renamer");
    await signIn(app, me.credentials);
    const account = await me.caller.account.get();
    expect(account).toMatchObject({ email: me.credentials.email, name: me.credentials.name });
    expect(account.sessions).toHaveLength(2);
    expect(account.sessions[0]?.current).toBe(true);
    expect(JSON.stringify(account)).not.toMatch(/token/i);

    await me.caller.account.updateName({ name: "  Ada Lovelace  " });
    expect((await me.caller.user.getInfo()).name).toBe("Ada Lovelace");
  });

  it("refuses an empty or too long name", async () => {
    const me = await person("bad-name");
    await expect(me.caller.account.updateName({ name: "   " })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(await outcome(me.caller.account.updateName({ name: "x".repeat(81) }))).toBe("BAD_REQUEST");
    expect((await me.caller.user.getInfo()).name).toBe(me.credentials.name);
  });
});

describe("account.changeEmail", () => {
  it("changes the address only once the link mailed to the new address is opened", async () => {
    const me = await person("mover");
    const newEmail = `moved-${me.credentials.email}`;
    expect(await me.caller.account.changeEmail({ newEmail: newEmail.toUpperCase() })).toEqual({
      sentTo: newEmail,
    });
    expect((await me.caller.user.getInfo()).email).toBe(me.credentials.email);
    const [mail] = await mailsTo(app.db, newEmail);
    expect(mail?.subject).toBe("Confirm your email address for Portico");

    const opened = await authRequest(app, "GET", linkIn(mail?.text ?? ""), { cookie: me.cookie });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toContain("/app/account?emailChanged=1");
    expect((await me.caller.user.getInfo()).email).toBe(newEmail);
    await signIn(app, { email: newEmail, password: me.credentials.password });
  });

  it("answers the same for an address that is taken, without mailing it", async () => {
    const me = await person("copycat");
    const other = await person("original");
    expect(await me.caller.account.changeEmail({ newEmail: other.credentials.email })).toEqual({
      sentTo: other.credentials.email,
    });
    expect(await mailsTo(app.db, other.credentials.email)).toEqual([]);
    expect((await me.caller.user.getInfo()).email).toBe(me.credentials.email);
  });

  it("refuses an invalid address or the current one", async () => {
    const me = await person("same");
    expect(await outcome(me.caller.account.changeEmail({ newEmail: "not-an-email" }))).toBe("BAD_REQUEST");
    await expect(me.caller.account.changeEmail({ newEmail: me.credentials.email })).rejects.toMatchObject({
      message: "This is already your email address.",
    });
  });
});

describe("account.changePassword and revokeOtherSessions", () => {
  it("needs the current password, keeps this session and signs out the others", async () => {
    const me = await person("changer");
    const elsewhere = callerFor(app, await signIn(app, me.credentials));
    await expect(
      me.caller.account.changePassword({
        currentPassword: "wrong-password",
        newPassword: "new-password-123",
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: WRONG_CURRENT_PASSWORD });
    expect(
      await outcome(
        me.caller.account.changePassword({ currentPassword: me.credentials.password, newPassword: "short" }),
      ),
    ).toBe("BAD_REQUEST");

    await me.caller.account.changePassword({
      currentPassword: me.credentials.password,
      newPassword: "new-password-123",
    });
    expect(await outcome(me.caller.user.getInfo())).toBe("OK");
    expect(await outcome(elsewhere.user.getInfo())).toBe("UNAUTHORIZED");
    expect((await me.caller.account.get()).sessions).toHaveLength(1);
    await expect(signIn(app, me.credentials)).rejects.toThrow();
    await signIn(app, { email: me.credentials.email, password: "new-password-123" });
  });

  it("signs out every other session and keeps this one", async () => {
    const me = await person("traveller");
    const elsewhere = callerFor(app, await signIn(app, me.credentials));
    await me.caller.account.revokeOtherSessions();
    expect(await outcome(elsewhere.user.getInfo())).toBe("UNAUTHORIZED");
    expect(await outcome(me.caller.user.getInfo())).toBe("OK");
    expect((await me.caller.account.get()).sessions).toHaveLength(1);
  });
});

describe("account.delete", () => {
  it("is refused while the person is an organization's last owner, naming it and the way out", async () => {
    const me = await person("owner");
    const org = await me.caller.organization.create({ name: "Solo Studio" });
    expect((await me.caller.account.get()).soleOwnedOrganizations.map((o) => o.name)).toEqual([
      "Solo Studio",
    ]);
    await expect(me.caller.account.delete({ password: me.credentials.password })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message:
        'You are the last owner of the organization "Solo Studio". Transfer ownership to another member or delete the organization first.',
    });
    // Better Auth's own endpoint applies the same rule.
    const direct = await authRequest(app, "POST", "/delete-user", {
      body: { password: me.credentials.password },
      cookie: me.cookie,
    });
    expect(direct.status).toBe(400);
    expect(await direct.text()).toContain("Solo Studio");
    expect(await outcome(me.caller.user.getInfo())).toBe("OK");

    await me.caller.organization.delete({ id: org.id });
    await me.caller.account.delete({ password: me.credentials.password });
    expect(await outcome(me.caller.user.getInfo())).toBe("UNAUTHORIZED");
    await expect(signIn(app, me.credentials)).rejects.toThrow();
  });

  it("needs the right password", async () => {
    const me = await person("careful");
    await expect(me.caller.account.delete({ password: "not-my-password" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "The password is not correct.",
    });
    expect(await outcome(me.caller.account.delete({ password: "" }))).toBe("BAD_REQUEST");
    expect(await outcome(me.caller.user.getInfo())).toBe("OK");
  });
});
