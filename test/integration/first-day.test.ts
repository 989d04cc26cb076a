// A team's first day on a self-hosted instance (issue 43): an invitation that names projects gives the
// invitee those projects on accepting; a member without access to a project can ask for it, which mails
// the people who can grant it once; without Stripe, the billing page lets site administrators set the
// plan and tells everyone else whom to ask.
import { describe, expect, it } from "vitest";
import { outcome, person, worldForFile } from "./world.ts";

const { app, world } = await worldForFile();
const outbox = async () => (await world.ownerA.caller.admin.getMailOutbox()).emails;

describe("an invitation with projects", () => {
  it("grants the named projects with their roles on accepting", async () => {
    const second = await world.ownerA.caller.project.create({
      organizationId: world.orgA.id,
      name: "Billing bot",
    });
    const invitee = await person(app, "invitee-projects");
    const invitation = await world.ownerA.caller.organizationInvitations.invite({
      organizationId: world.orgA.id,
      email: invitee.credentials.email,
      role: "member",
      projects: [
        { projectId: world.projectA.id, role: "editor" },
        { projectId: second.id, role: "viewer" },
      ],
    });
    const mail = (await outbox()).find((m) => m.to === invitee.credentials.email);
    expect(mail?.text).toContain("You will have access to: Support bot (editor), Billing bot (viewer).");

    const details = await invitee.caller.organizationInvitations.getInvitationDetails({
      invitationId: invitation.id,
    });
    expect(details.projects.map((p) => [p.name, p.role])).toEqual([
      ["Support bot", "editor"],
      ["Billing bot", "viewer"],
    ]);
    // Before accepting, no project.
    expect(await outcome(invitee.caller.project.getById({ projectId: world.projectA.id }))).toBe("NOT_FOUND");

    // A project deleted meanwhile is skipped; the others are granted.
    await world.ownerA.caller.project.delete({ projectId: second.id });
    const accepted = await invitee.caller.organizationInvitations.accept({ invitationId: invitation.id });
    expect(accepted.projectId).toBe(world.projectA.id);
    const members = await world.ownerA.caller.projectPermissions.getProjectMembers({
      projectId: world.projectA.id,
    });
    expect(members.find((m) => m.userId === invitee.id)?.role).toBe("editor");
    expect((await invitee.caller.project.getById({ projectId: world.projectA.id })).name).toBe("Support bot");
  });

  it("refuses a project of another organization and stores nothing", async () => {
    const email = "cross-project@example.test";
    await expect(
      world.ownerA.caller.organizationInvitations.invite({
        organizationId: world.orgA.id,
        email,
        role: "member",
        projects: [{ projectId: world.projectB.id, role: "admin" }],
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const pending = await world.ownerA.caller.organizationInvitations.getOrganizationInvitations({
      organizationId: world.orgA.id,
    });
    expect(pending.map((p) => p.email)).not.toContain(email);
  });
});

describe("asking for access to a project", () => {
  it("shows a member the project and mails its granters once", async () => {
    const asker = await person(app, "asker");
    const invitation = await world.ownerA.caller.organizationInvitations.invite({
      organizationId: world.orgA.id,
      email: asker.credentials.email,
      role: "member",
    });
    await asker.caller.organizationInvitations.accept({ invitationId: invitation.id });
    expect(await outcome(asker.caller.project.getById({ projectId: world.projectA.id }))).toBe("NOT_FOUND");

    const state = await asker.caller.projectPermissions.getAccessRequestState({
      projectId: world.projectA.id,
    });
    expect(state).toMatchObject({ projectName: "Support bot", organizationName: "Acme", hasAccess: false });
    expect(state.requestedAt).toBeNull();

    const first = await asker.caller.projectPermissions.requestAccess({ projectId: world.projectA.id });
    expect(first.notified).toBe(true);
    const requests = (await outbox()).filter(
      (m) => m.subject === `${asker.credentials.name} asks for access to Support bot`,
    );
    // Owner and admin of the organization; not the plain member.
    expect(requests.map((m) => m.to).sort()).toEqual(
      [world.ownerA.credentials.email, world.adminA.credentials.email].sort(),
    );
    expect(requests[0]?.text).toContain(`/app/project/${world.projectA.id}/settings`);

    // Asking again the same day mails nobody again.
    const again = await asker.caller.projectPermissions.requestAccess({ projectId: world.projectA.id });
    expect(again.notified).toBe(false);
    expect((await outbox()).filter((m) => m.subject === requests[0]?.subject)).toHaveLength(2);
    expect(
      (await asker.caller.projectPermissions.getAccessRequestState({ projectId: world.projectA.id }))
        .requestedAt,
    ).not.toBeNull();

    // Granted, the person cannot ask any more.
    await world.ownerA.caller.projectPermissions.setProjectMemberRole({
      projectId: world.projectA.id,
      userId: asker.id,
      role: "viewer",
    });
    expect(
      await outcome(asker.caller.projectPermissions.requestAccess({ projectId: world.projectA.id })),
    ).toBe("BAD_REQUEST");
  });

  it("tells someone outside the organization nothing", async () => {
    expect(
      await outcome(
        world.ownerB.caller.projectPermissions.getAccessRequestState({ projectId: world.projectA.id }),
      ),
    ).toBe("NOT_FOUND");
    expect(
      await outcome(world.ownerB.caller.projectPermissions.requestAccess({ projectId: world.projectA.id })),
    ).toBe("NOT_FOUND");
    expect(
      await outcome(
        world.ownerB.caller.projectPermissions.getAccessRequestState({ projectId: "no-such-project" }),
      ),
    ).toBe("NOT_FOUND");
  });
});

describe("the plan without Stripe", () => {
  it("lets a site administrator change it and tells a member whom to ask", async () => {
    // ownerA signed up first, so is this instance's site administrator; memberA is not.
    const asAdmin = await world.ownerA.caller.billing.getOverview({ organizationId: world.orgA.id });
    expect(asAdmin.stripeConfigured).toBe(false);
    expect(asAdmin.planByHand?.canSetPlan).toBe(true);
    const asMember = await world.memberA.caller.billing.getOverview({ organizationId: world.orgA.id });
    expect(asMember.planByHand?.canSetPlan).toBe(false);
    expect(asMember.planByHand?.siteAdmins).toEqual([
      { name: world.ownerA.credentials.name, email: world.ownerA.credentials.email },
    ]);

    expect(
      await outcome(
        world.memberA.caller.admin.setOrganizationPlan({
          organizationId: world.orgA.id,
          plan: "enterprise",
          interval: "monthly",
        }),
      ),
    ).toBe("FORBIDDEN");
    await world.ownerA.caller.admin.setOrganizationPlan({
      organizationId: world.orgA.id,
      plan: "start",
      interval: "monthly",
    });
    const after = await world.memberA.caller.billing.getOverview({ organizationId: world.orgA.id });
    expect(after.plan).toBe("start");
    expect(after.limits.seats).toBe(5);
  });
});
