// The site admin's user and session management: listing, roles, bans, sessions and deletion with the
// ownership rule. ownerA is the instance's first account, so its site admin.
import { describe, expect, it } from "vitest";
import { startOfMonthUtc } from "~/server/admin/admin-stats.ts";
import { BANNED_MESSAGE } from "~/server/auth/auth-messages.ts";
import { toolCall } from "~/server/db/schema/index.ts";
import { callerFor, signIn, signUp } from "../support/app.ts";
import { newUser } from "../support/users.ts";
import { join, outcome, worldForFile } from "./world.ts";

const { app, world } = await worldForFile();

async function stranger(label: string) {
  const credentials = newUser(label);
  const cookie = await signUp(app, credentials);
  const caller = callerFor(app, cookie);
  const { id } = await caller.user.getInfo();
  return { credentials, cookie, caller, id };
}

describe("admin.getUsers", () => {
  it("searches name and email, sorts and pages", async () => {
    const admin = world.ownerA.caller.admin;
    const all = await admin.getUsers();
    expect(all.total).toBe(4);
    const byEmail = await admin.getUsers({ search: world.memberA.credentials.email.toUpperCase() });
    expect(byEmail.users.map((u) => u.id)).toEqual([world.memberA.id]);
    const byName = await admin.getUsers({ search: "owner-" });
    expect(byName.users.map((u) => u.id).sort()).toEqual([world.ownerA.id, world.ownerB.id].sort());
    expect(byName.total).toBe(2);
    // A literal % in the search matches nothing rather than everything.
    expect((await admin.getUsers({ search: "%" })).total).toBe(0);

    const sorted = await admin.getUsers({ sort: "email", direction: "asc", page: 1, pageSize: 2 });
    const emails = [world.adminA, world.memberA, world.ownerA, world.ownerB]
      .map((p) => p.credentials.email)
      .sort();
    expect(sorted.users.map((u) => u.email)).toEqual(emails.slice(0, 2));
    expect(sorted.total).toBe(4);
    const second = await admin.getUsers({ sort: "email", direction: "asc", page: 2, pageSize: 2 });
    expect(second.users.map((u) => u.email)).toEqual(emails.slice(2));

    const row = all.users.find((u) => u.id === world.ownerA.id);
    expect(row).toMatchObject({ role: "admin", banned: false, organizationCount: 1 });
    expect(row?.activeSessionCount).toBeGreaterThanOrEqual(1);
  });

  it("refuses bad paging input with BAD_REQUEST", async () => {
    expect(await outcome(world.ownerA.caller.admin.getUsers({ page: 0 }))).toBe("BAD_REQUEST");
    expect(await outcome(world.ownerA.caller.admin.getUsers({ pageSize: 1000 }))).toBe("BAD_REQUEST");
  });
});

describe("admin.getStats", () => {
  it("counts users, organizations, projects and this month's calls", async () => {
    const call = (id: string, status: "success" | "error", createdAt: Date) => ({
      id,
      organizationId: world.orgA.id,
      projectId: world.projectA.id,
      serverName: "Standard tools",
      toolName: "calculate",
      channel: "mcp" as const,
      callerName: "test",
      status,
      durationMs: 3,
      createdAt,
    });
    const lastMonth = new Date(startOfMonthUtc().getTime() - 60_000);
    await app.db
      .insert(toolCall)
      .values([
        call("c1", "success", new Date()),
        call("c2", "error", new Date()),
        call("c3", "success", new Date()),
        call("c4", "error", lastMonth),
      ]);
    const stats = await world.ownerA.caller.admin.getStats();
    expect(stats).toMatchObject({ organizations: 2, projects: 2, toolCallsThisMonth: 3, errorsThisMonth: 1 });
    expect(stats.users).toBeGreaterThanOrEqual(4);
  });
});

describe("admin.setUserRole", () => {
  it("makes someone a site admin and back, but never changes the admin's own role", async () => {
    const person = await stranger("promoted");
    expect(await outcome(person.caller.admin.getStats())).toBe("FORBIDDEN");
    await world.ownerA.caller.admin.setUserRole({ userId: person.id, role: "admin" });
    expect(await outcome(person.caller.admin.getStats())).toBe("OK");
    await world.ownerA.caller.admin.setUserRole({ userId: person.id, role: "user" });
    expect(await outcome(person.caller.admin.getStats())).toBe("FORBIDDEN");

    await expect(
      world.ownerA.caller.admin.setUserRole({ userId: world.ownerA.id, role: "user" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "You cannot change your own role." });
    expect(await outcome(world.ownerA.caller.admin.setUserRole({ userId: "nobody", role: "admin" }))).toBe(
      "NOT_FOUND",
    );
  });
});

describe("admin.banUser / unbanUser", () => {
  it("signs a banned user out at once, refuses their sign-in with a clear message, and lets them back after unban", async () => {
    const person = await stranger("banned");
    const second = callerFor(app, await signIn(app, person.credentials));
    await world.ownerA.caller.admin.banUser({
      userId: person.id,
      reason: "Sent spam through the contact form",
    });

    expect(await outcome(person.caller.user.getInfo())).toBe("UNAUTHORIZED");
    expect(await outcome(second.user.getInfo())).toBe("UNAUTHORIZED");
    await expect(signIn(app, person.credentials)).rejects.toThrow(BANNED_MESSAGE);
    const listed = await world.ownerA.caller.admin.getUsers({ search: person.credentials.email });
    expect(listed.users[0]).toMatchObject({
      banned: true,
      banReason: "Sent spam through the contact form",
      activeSessionCount: 0,
    });

    await world.ownerA.caller.admin.unbanUser({ userId: person.id });
    const cookie = await signIn(app, person.credentials);
    expect((await callerFor(app, cookie).user.getInfo()).id).toBe(person.id);
  });

  it("needs a reason and refuses banning oneself", async () => {
    const person = await stranger("reasonless");
    expect(await outcome(world.ownerA.caller.admin.banUser({ userId: person.id, reason: "   " }))).toBe(
      "BAD_REQUEST",
    );
    expect(await outcome(world.ownerA.caller.admin.banUser({ userId: world.ownerA.id, reason: "x" }))).toBe(
      "BAD_REQUEST",
    );
    expect(await outcome(person.caller.user.getInfo())).toBe("OK");
  });
});

describe("admin sessions", () => {
  it("lists a user's sessions without their tokens and revokes one or all", async () => {
    const person = await stranger("sessions");
    const secondCookie = await signIn(app, person.credentials);
    const sessions = await world.ownerA.caller.admin.getUserSessions({ userId: person.id });
    expect(sessions).toHaveLength(2);
    expect(JSON.stringify(sessions)).not.toMatch(/token/i);
    expect(sessions[0]).toHaveProperty("device");

    const page = await world.ownerA.caller.admin.getAuthSessions({ search: person.credentials.email });
    expect(page.total).toBe(2);
    expect(page.sessions.every((s) => s.user.id === person.id)).toBe(true);

    // Revoke the second sign-in only: the first still works.
    const [, secondSession] = await Promise.all([
      callerFor(app, person.cookie).account.get(),
      callerFor(app, secondCookie).account.get(),
    ]);
    const secondId = secondSession.sessions.find((s) => s.current)?.id ?? "";
    await world.ownerA.caller.admin.revokeSession({ sessionId: secondId });
    expect(await outcome(callerFor(app, secondCookie).user.getInfo())).toBe("UNAUTHORIZED");
    expect(await outcome(person.caller.user.getInfo())).toBe("OK");
    expect(await outcome(world.ownerA.caller.admin.revokeSession({ sessionId: secondId }))).toBe("NOT_FOUND");

    await signIn(app, person.credentials);
    await world.ownerA.caller.admin.revokeUserSessions({ userId: person.id });
    expect(await outcome(person.caller.user.getInfo())).toBe("UNAUTHORIZED");
    expect(await world.ownerA.caller.admin.getUserSessions({ userId: person.id })).toEqual([]);
  });
});

describe("admin.deleteUser", () => {
  it("refuses to delete the last owner of an organization, naming it, and deletes once it is gone", async () => {
    const owner = await stranger("sole-owner");
    const org = await owner.caller.organization.create({ name: "Lonely Labs" });
    await expect(world.ownerA.caller.admin.deleteUser({ userId: owner.id })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message:
        'This user is the last owner of the organization "Lonely Labs". Transfer ownership to another member or delete the organization first.',
    });
    expect(await outcome(owner.caller.user.getInfo())).toBe("OK");

    await owner.caller.organization.delete({ id: org.id });
    await world.ownerA.caller.admin.deleteUser({ userId: owner.id });
    expect(await outcome(owner.caller.user.getInfo())).toBe("UNAUTHORIZED");
    expect((await world.ownerA.caller.admin.getUsers({ search: owner.credentials.email })).total).toBe(0);
    await expect(signIn(app, owner.credentials)).rejects.toThrow();
  });

  it("deletes a plain member, who leaves the organization, and refuses deleting oneself", async () => {
    const person = await stranger("member-to-delete");
    await join(world.ownerA, person, world.orgA.id, "member");
    await world.ownerA.caller.admin.deleteUser({ userId: person.id });
    const members = await world.ownerA.caller.organizationMember.getMembersByOrganizationId({
      organizationId: world.orgA.id,
    });
    expect(members.map((m) => m.userId)).not.toContain(person.id);
    expect(await outcome(world.ownerA.caller.admin.deleteUser({ userId: world.ownerA.id }))).toBe(
      "BAD_REQUEST",
    );
    expect(await outcome(world.ownerA.caller.admin.deleteUser({ userId: "nobody" }))).toBe("NOT_FOUND");
  });
});
