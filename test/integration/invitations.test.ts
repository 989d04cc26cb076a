// The invitation lifecycle: pending → accepted or dismissed, mail in the dev outbox, who may see what.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invitation } from "~/server/db/schema/index.ts";
import { callerFor, signUp } from "../support/app.ts";
import { newUser } from "../support/users.ts";
import { outcome, worldForFile } from "./world.ts";

const { app, world } = await worldForFile();

async function newcomer() {
  const credentials = newUser("invitee");
  const cookie = await signUp(app, credentials);
  return { credentials, caller: callerFor(app, cookie) };
}

describe("invitations", () => {
  it("describe themselves to anyone holding the link while open, and to nobody after", async () => {
    const { credentials, caller } = await newcomer();
    const sent = await world.ownerA.caller.organizationInvitations.invite({
      organizationId: world.orgA.id,
      email: credentials.email,
      role: "member",
    });
    const anonymous = callerFor(app);
    expect(await anonymous.organizationInvitations.getInvitationPreview({ invitationId: sent.id })).toEqual({
      organizationName: "Acme",
      inviterName: world.ownerA.credentials.name,
      email: credentials.email,
    });
    expect(
      await outcome(
        anonymous.organizationInvitations.getInvitationPreview({ invitationId: "no-such-invitation" }),
      ),
    ).toBe("NOT_FOUND");
    await caller.organizationInvitations.accept({ invitationId: sent.id });
    expect(
      await outcome(anonymous.organizationInvitations.getInvitationPreview({ invitationId: sent.id })),
    ).toBe("NOT_FOUND");
  });

  it("sends the invitation link to the outbox, readable by the site admin only", async () => {
    const { credentials } = await newcomer();
    const sent = await world.ownerA.caller.organizationInvitations.invite({
      organizationId: world.orgA.id,
      email: credentials.email.toUpperCase(),
      role: "member",
    });
    expect(sent.email).toBe(credentials.email);
    // ownerA was the first account, so the site admin.
    const outbox = await world.ownerA.caller.admin.getMailOutbox();
    expect(outbox.usesOutbox).toBe(true);
    const mail = outbox.emails.find((m) => m.to === credentials.email);
    expect(mail?.subject).toContain("Acme");
    expect(mail?.text).toContain(`${app.config.baseUrl}/invitations/${sent.id}`);
    expect(await outcome(world.memberA.caller.admin.getMailOutbox())).toBe("FORBIDDEN");
  });

  it("the invitee sees it pending, accepts, and joins with the invited role", async () => {
    const { credentials, caller } = await newcomer();
    const sent = await world.adminA.caller.organizationInvitations.invite({
      organizationId: world.orgA.id,
      email: credentials.email,
      role: "admin",
    });
    const pending = await caller.organizationInvitations.getPendingInvitationsForUser();
    expect(pending).toEqual([
      expect.objectContaining({ id: sent.id, organizationName: "Acme", role: "admin" }),
    ]);
    const details = await caller.organizationInvitations.getInvitationDetails({ invitationId: sent.id });
    expect(details).toMatchObject({ isForCurrentUser: true, status: "pending", expired: false });
    await caller.organizationInvitations.accept({ invitationId: sent.id });
    expect((await caller.organization.getById({ id: world.orgA.id })).role).toBe("admin");
    expect(await caller.organizationInvitations.getPendingInvitationsForUser()).toEqual([]);
    expect(await outcome(caller.organizationInvitations.accept({ invitationId: sent.id }))).toBe(
      "BAD_REQUEST",
    );
  });

  it("dismissing leaves the invitee outside the organization", async () => {
    const { credentials, caller } = await newcomer();
    const sent = await world.ownerA.caller.organizationInvitations.invite({
      organizationId: world.orgA.id,
      email: credentials.email,
      role: "member",
    });
    await caller.organizationInvitations.dismiss({ invitationId: sent.id });
    expect(await outcome(caller.organization.getById({ id: world.orgA.id }))).toBe("NOT_FOUND");
    const [row] = await app.db.select().from(invitation).where(eq(invitation.id, sent.id));
    expect(row?.status).toBe("dismissed");
  });

  it("someone else signed in cannot accept, dismiss or read another person's invitation", async () => {
    const { credentials } = await newcomer();
    const stranger = await newcomer();
    const sent = await world.ownerA.caller.organizationInvitations.invite({
      organizationId: world.orgA.id,
      email: credentials.email,
      role: "member",
    });
    for (const attempt of [
      () => stranger.caller.organizationInvitations.getInvitationDetails({ invitationId: sent.id }),
      () => stranger.caller.organizationInvitations.accept({ invitationId: sent.id }),
      () => stranger.caller.organizationInvitations.dismiss({ invitationId: sent.id }),
    ]) {
      expect(await outcome(attempt())).toBe("NOT_FOUND");
    }
    // A member of the organization without invite rights is told it is not theirs.
    expect(
      await outcome(
        world.memberA.caller.organizationInvitations.getInvitationDetails({ invitationId: sent.id }),
      ),
    ).toBe("FORBIDDEN");
  });

  it("an expired invitation cannot be accepted", async () => {
    const { credentials, caller } = await newcomer();
    const sent = await world.ownerA.caller.organizationInvitations.invite({
      organizationId: world.orgA.id,
      email: credentials.email,
      role: "member",
    });
    await app.db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.id, sent.id));
    expect(await caller.organizationInvitations.getPendingInvitationsForUser()).toEqual([]);
    await expect(caller.organizationInvitations.accept({ invitationId: sent.id })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "This invitation has expired. Ask for a new one.",
    });
  });

  it("re-inviting renews the pending invitation; members cannot be invited; withdrawing dismisses", async () => {
    const { credentials } = await newcomer();
    const first = await world.ownerA.caller.organizationInvitations.invite({
      organizationId: world.orgA.id,
      email: credentials.email,
      role: "member",
    });
    const again = await world.ownerA.caller.organizationInvitations.invite({
      organizationId: world.orgA.id,
      email: credentials.email,
      role: "admin",
    });
    expect(again.id).toBe(first.id);
    expect(again.role).toBe("admin");
    await expect(
      world.ownerA.caller.organizationInvitations.invite({
        organizationId: world.orgA.id,
        email: world.memberA.credentials.email,
        role: "member",
      }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "This person is already a member of the organization.",
    });
    await world.ownerA.caller.organizationInvitations.withdraw({
      organizationId: world.orgA.id,
      invitationId: first.id,
    });
    const pending = await world.ownerA.caller.organizationInvitations.getOrganizationInvitations({
      organizationId: world.orgA.id,
    });
    expect(pending.map((i) => i.id)).not.toContain(first.id);
  });
});
