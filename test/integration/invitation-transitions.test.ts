// An invitation leaves pending once (requirements §4: pending → accepted or dismissed), even when the
// invitee's accept and dismiss, or an admin's withdraw, arrive at the same moment; and a pending
// invitation that expired takes a seat of the plan again when it is renewed (requirements §9 seats).
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invitation, organizationMember } from "~/server/db/schema/index.ts";
import { callerFor, signUp } from "../support/app.ts";
import { appForFile } from "../support/fixture.ts";
import { setPlan } from "../support/plans.ts";
import { newUser } from "../support/users.ts";
import { outcome, person } from "./world.ts";

const app = await appForFile();
const owner = await person(app, "owner");
const org = await owner.caller.organization.create({ name: "Transitions" });
await setPlan(app, org.id, "business");

async function invitee() {
  const credentials = newUser("invitee");
  const cookie = await signUp(app, credentials);
  const caller = callerFor(app, cookie);
  const sent = await owner.caller.organizationInvitations.invite({
    organizationId: org.id,
    email: credentials.email,
    role: "member",
  });
  const { id: userId } = await caller.user.getInfo();
  return { caller, invitationId: sent.id, userId };
}

async function stateOf(invitationId: string, userId: string) {
  const [row] = await app.db.select().from(invitation).where(eq(invitation.id, invitationId));
  const members = await app.db
    .select()
    .from(organizationMember)
    .where(and(eq(organizationMember.organizationId, org.id), eq(organizationMember.userId, userId)));
  return { status: row?.status, member: members.length === 1 };
}

function settledNames(results: PromiseSettledResult<unknown>[], names: string[]) {
  return {
    won: names.filter((_, i) => results[i]?.status === "fulfilled"),
    refused: results
      .filter((r): r is PromiseRejectedResult => r.status === "rejected")
      .map((r) => (r.reason as { code: string }).code),
  };
}

describe("invitation transitions (requirements §4)", () => {
  it("accept and dismiss at once: exactly one wins, and the outcome matches it", async () => {
    for (let round = 0; round < 3; round++) {
      const { caller, invitationId, userId } = await invitee();
      const results = await Promise.allSettled([
        caller.organizationInvitations.accept({ invitationId }),
        caller.organizationInvitations.dismiss({ invitationId }),
      ]);
      const { won, refused } = settledNames(results, ["accepted", "dismissed"]);
      expect(won).toHaveLength(1);
      expect(refused).toEqual(["BAD_REQUEST"]);
      expect(await stateOf(invitationId, userId)).toEqual({
        status: won[0],
        member: won[0] === "accepted",
      });
    }
  });

  it("accept and an admin's withdraw at once: a withdrawn invitation makes no member", async () => {
    for (let round = 0; round < 3; round++) {
      const { caller, invitationId, userId } = await invitee();
      const results = await Promise.allSettled([
        caller.organizationInvitations.accept({ invitationId }),
        owner.caller.organizationInvitations.withdraw({ organizationId: org.id, invitationId }),
      ]);
      const { won } = settledNames(results, ["accepted", "dismissed"]);
      expect(won).toHaveLength(1);
      expect(await stateOf(invitationId, userId)).toEqual({
        status: won[0],
        member: won[0] === "accepted",
      });
    }
  });

  it("an answered invitation cannot be answered again", async () => {
    const { caller, invitationId } = await invitee();
    await caller.organizationInvitations.dismiss({ invitationId });
    await expect(caller.organizationInvitations.accept({ invitationId })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "This invitation was already dismissed.",
    });
    await expect(caller.organizationInvitations.dismiss({ invitationId })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "This invitation was already dismissed.",
    });
  });
});

describe("seats when renewing an expired invitation (requirements §9)", () => {
  it("renewing an expired pending invitation needs a free seat, like a new one", async () => {
    const boss = await person(app, "start-owner");
    const start = await boss.caller.organization.create({ name: "Five seats" });
    await setPlan(app, start.id, "start");
    const invite = (email: string) =>
      boss.caller.organizationInvitations.invite({ organizationId: start.id, email, role: "member" });
    // The owner and four pending invitations fill Start's five seats.
    const old = await invite("old@example.test");
    for (const name of ["b", "c", "d"]) await invite(`${name}@example.test`);
    expect(await outcome(invite("e@example.test"))).toBe("PAYMENT_REQUIRED");
    // The first one expires: its seat is free again and someone else takes it.
    await app.db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.id, old.id));
    await invite("e@example.test");
    // Renewing the expired one would be a sixth seat.
    expect(await outcome(invite("old@example.test"))).toBe("PAYMENT_REQUIRED");
    // Renewing one that is still pending keeps the seat it holds.
    await expect(invite("b@example.test")).resolves.toMatchObject({ email: "b@example.test" });
  });
});
