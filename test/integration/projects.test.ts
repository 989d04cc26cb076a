// Project permissions: viewer/editor/admin, organization owners and admins acting as project admins.
import { describe, expect, it } from "vitest";
import { outcome, worldForFile } from "./world.ts";

const { world } = await worldForFile();

describe("projects", () => {
  it("a plain member sees no project until given access", async () => {
    expect(await world.memberA.caller.projectPermissions.getAccessibleProjectsForUser()).toEqual([]);
    expect(await outcome(world.memberA.caller.project.getById({ projectId: world.projectA.id }))).toBe(
      "NOT_FOUND",
    );
    const dashboard = await world.memberA.caller.organization.getOrganizationsDetails();
    expect(dashboard.map((o) => o.id)).toEqual([world.orgA.id]);
    expect(dashboard[0]?.projects).toEqual([]);
  });

  it("organization admins act as project admins without a grant", async () => {
    const project = await world.adminA.caller.project.getById({ projectId: world.projectA.id });
    expect(project.role).toBe("admin");
    expect(project.organizationId).toBe(world.orgA.id);
    expect(project.permissions["project.manageAccess"]).toBe(true);
  });

  it("viewer can read, editor can edit nothing admin-only, admin can rename and manage access", async () => {
    const grant = (role: "viewer" | "editor" | "admin") =>
      world.ownerA.caller.projectPermissions.setProjectMemberRole({
        projectId: world.projectA.id,
        userId: world.memberA.id,
        role,
      });
    const c = world.memberA.caller;
    await grant("viewer");
    expect((await c.project.getById({ projectId: world.projectA.id })).role).toBe("viewer");
    expect(await outcome(c.project.update({ projectId: world.projectA.id, name: "X" }))).toBe("FORBIDDEN");
    await grant("editor");
    expect(await outcome(c.project.delete({ projectId: world.projectA.id }))).toBe("FORBIDDEN");
    expect(
      await outcome(
        c.projectPermissions.setProjectMemberRole({
          projectId: world.projectA.id,
          userId: world.memberA.id,
          role: "admin",
        }),
      ),
    ).toBe("FORBIDDEN");
    await grant("admin");
    await c.project.update({
      projectId: world.projectA.id,
      name: "Support assistant",
      description: "Answers tickets",
    });
    const renamed = await world.ownerA.caller.project.getById({ projectId: world.projectA.id });
    expect(renamed).toMatchObject({ name: "Support assistant", description: "Answers tickets" });
  });

  it("settings lists show project members and organization members with their access", async () => {
    const members = await world.ownerA.caller.projectPermissions.getProjectMembers({
      projectId: world.projectA.id,
    });
    expect(members.map((m) => [m.userId, m.role])).toEqual([[world.memberA.id, "admin"]]);
    const withAccess = await world.ownerA.caller.projectPermissions.getOrganizationMembersWithProjectAccess({
      organizationId: world.orgA.id,
      projectId: world.projectA.id,
    });
    const byUser = Object.fromEntries(withAccess.map((m) => [m.userId, m.effectiveRole]));
    expect(byUser).toEqual({
      [world.ownerA.id]: "admin",
      [world.adminA.id]: "admin",
      [world.memberA.id]: "admin",
    });
    const all = await world.ownerA.caller.projectPermissions.getOrganizationMembersWithAllProjectPermissions({
      organizationId: world.orgA.id,
    });
    expect(all.find((m) => m.userId === world.memberA.id)?.projects).toEqual([
      expect.objectContaining({ projectId: world.projectA.id, projectRole: "admin", effectiveRole: "admin" }),
    ]);
  });

  it("refuses grants to outsiders and to organization admins, and mismatched organization ids", async () => {
    const c = world.ownerA.caller;
    await expect(
      c.projectPermissions.setProjectMemberRole({
        projectId: world.projectA.id,
        userId: world.ownerB.id,
        role: "viewer",
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(
      c.projectPermissions.setProjectMemberRole({
        projectId: world.projectA.id,
        userId: world.adminA.id,
        role: "viewer",
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(
      c.projectPermissions.getOrganizationMembersWithProjectAccess({
        organizationId: world.orgB.id,
        projectId: world.projectA.id,
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("revoking access removes the project from the member's lists", async () => {
    await world.ownerA.caller.projectPermissions.removeProjectMember({
      projectId: world.projectA.id,
      userId: world.memberA.id,
    });
    expect(await world.memberA.caller.projectPermissions.getAccessibleProjectsForUser()).toEqual([]);
    expect(
      await outcome(world.memberA.caller.project.getProjectStats({ projectId: world.projectA.id })),
    ).toBe("NOT_FOUND");
  });

  it("an organization's detail lists only its own projects", async () => {
    const other = await world.ownerA.caller.organization.create({ name: "Side venture" });
    const elsewhere = await world.ownerA.caller.project.create({
      organizationId: other.id,
      name: "Elsewhere",
    });
    const detail = await world.ownerA.caller.organization.getOrganizationDetail({ id: world.orgA.id });
    expect(detail.projects.map((p) => p.id)).toEqual([world.projectA.id]);
    const otherDetail = await world.ownerA.caller.organization.getOrganizationDetail({ id: other.id });
    expect(otherDetail.projects.map((p) => p.id)).toEqual([elsewhere.id]);
  });

  it("deleting a project is for project admins", async () => {
    const doomed = await world.ownerA.caller.project.create({ organizationId: world.orgA.id, name: "Temp" });
    await world.adminA.caller.project.delete({ projectId: doomed.id });
    expect(await outcome(world.ownerA.caller.project.getById({ projectId: doomed.id }))).toBe("NOT_FOUND");
  });
});
