// What each organization role may do, and the rule that an organization always keeps an owner.
import { describe, expect, it } from "vitest";
import { LAST_OWNER_MESSAGE } from "~/server/organizations/members.ts";
import { outcome, worldForFile } from "./world.ts";

const { world } = await worldForFile();

async function memberIdOf(userId: string) {
  const members = await world.ownerA.caller.organizationMember.getMembersByOrganizationId({
    organizationId: world.orgA.id,
  });
  const member = members.find((m) => m.userId === userId);
  if (!member) throw new Error(`no member ${userId}`);
  return member.id;
}

describe("organization roles", () => {
  it("a member can view the organization but cannot rename, delete, invite or create projects", async () => {
    const c = world.memberA.caller;
    const detail = await c.organization.getOrganizationDetail({ id: world.orgA.id });
    expect(detail.role).toBe("member");
    expect(detail.permissions["organization.delete"]).toBe(false);
    expect(await outcome(c.organization.delete({ id: world.orgA.id }))).toBe("FORBIDDEN");
    expect(await outcome(c.organization.rename({ id: world.orgA.id, name: "Mine" }))).toBe("FORBIDDEN");
    expect(
      await outcome(
        c.organizationInvitations.invite({
          organizationId: world.orgA.id,
          email: "q@example.test",
          role: "member",
        }),
      ),
    ).toBe("FORBIDDEN");
    expect(await outcome(c.project.create({ organizationId: world.orgA.id, name: "P" }))).toBe("FORBIDDEN");
    expect((await world.ownerA.caller.organization.getById({ id: world.orgA.id })).name).toBe("Acme");
  });

  it("an admin can rename and invite but not delete, and cannot touch ownership", async () => {
    const c = world.adminA.caller;
    await c.organization.rename({ id: world.orgA.id, name: "Acme Corp" });
    expect((await c.organization.getById({ id: world.orgA.id })).name).toBe("Acme Corp");
    expect(await outcome(c.organization.delete({ id: world.orgA.id }))).toBe("FORBIDDEN");
    const ownerMemberId = await memberIdOf(world.ownerA.id);
    expect(
      await outcome(
        c.organizationMember.changeRole({
          organizationId: world.orgA.id,
          memberId: ownerMemberId,
          role: "member",
        }),
      ),
    ).toBe("FORBIDDEN");
    expect(
      await outcome(c.organizationMember.remove({ organizationId: world.orgA.id, memberId: ownerMemberId })),
    ).toBe("FORBIDDEN");
    const memberMemberId = await memberIdOf(world.memberA.id);
    expect(
      await outcome(
        c.organizationMember.changeRole({
          organizationId: world.orgA.id,
          memberId: memberMemberId,
          role: "owner",
        }),
      ),
    ).toBe("FORBIDDEN");
  });

  it("the last owner can be neither demoted, removed nor leave", async () => {
    const c = world.ownerA.caller;
    const ownerMemberId = await memberIdOf(world.ownerA.id);
    for (const attempt of [
      () =>
        c.organizationMember.changeRole({
          organizationId: world.orgA.id,
          memberId: ownerMemberId,
          role: "admin",
        }),
      () => c.organizationMember.remove({ organizationId: world.orgA.id, memberId: ownerMemberId }),
      () => c.organizationMember.leave({ organizationId: world.orgA.id }),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: "BAD_REQUEST", message: LAST_OWNER_MESSAGE });
    }
    const members = await c.organizationMember.getMembersByOrganizationId({ organizationId: world.orgA.id });
    expect(members.find((m) => m.userId === world.ownerA.id)?.role).toBe("owner");
  });

  it("with a second owner, the first can step down", async () => {
    const c = world.ownerA.caller;
    const adminMemberId = await memberIdOf(world.adminA.id);
    await c.organizationMember.changeRole({
      organizationId: world.orgA.id,
      memberId: adminMemberId,
      role: "owner",
    });
    const ownerMemberId = await memberIdOf(world.ownerA.id);
    await c.organizationMember.changeRole({
      organizationId: world.orgA.id,
      memberId: ownerMemberId,
      role: "admin",
    });
    const members = await c.organizationMember.getMembersByOrganizationId({ organizationId: world.orgA.id });
    expect(members.filter((m) => m.role === "owner").map((m) => m.userId)).toEqual([world.adminA.id]);
    // Restore for the following tests: the new owner promotes the original one back.
    await world.adminA.caller.organizationMember.changeRole({
      organizationId: world.orgA.id,
      memberId: ownerMemberId,
      role: "owner",
    });
  });

  it("removing a member takes away their access and project grants", async () => {
    await world.ownerA.caller.projectPermissions.setProjectMemberRole({
      projectId: world.projectA.id,
      userId: world.memberA.id,
      role: "editor",
    });
    expect((await world.memberA.caller.project.getById({ projectId: world.projectA.id })).role).toBe(
      "editor",
    );
    await world.ownerA.caller.organizationMember.remove({
      organizationId: world.orgA.id,
      memberId: await memberIdOf(world.memberA.id),
    });
    expect(await outcome(world.memberA.caller.organization.getById({ id: world.orgA.id }))).toBe("NOT_FOUND");
    expect(await outcome(world.memberA.caller.project.getById({ projectId: world.projectA.id }))).toBe(
      "NOT_FOUND",
    );
    expect(
      await world.ownerA.caller.projectPermissions.getProjectMembers({ projectId: world.projectA.id }),
    ).toEqual([]);
  });

  it("only the owner deletes the organization, and its projects go with it", async () => {
    const org = await world.ownerB.caller.organization.create({ name: "Short-lived" });
    const project = await world.ownerB.caller.project.create({ organizationId: org.id, name: "Doomed" });
    await world.ownerB.caller.organization.delete({ id: org.id });
    expect(await outcome(world.ownerB.caller.organization.getById({ id: org.id }))).toBe("NOT_FOUND");
    expect(await outcome(world.ownerB.caller.project.getById({ projectId: project.id }))).toBe("NOT_FOUND");
  });
});
