// The last-owner rule under concurrency: two owners who demote, remove or leave at the same moment must
// not leave their organization without an owner. Each request on its own sees another owner; only a
// check made under a lock, inside the write's transaction, sees what the other request did.
// Runs on PGlite and, with DATABASE_URL, on PostgreSQL (real concurrent connections).
import { describe, expect, it } from "vitest";
import { LAST_OWNER_MESSAGE } from "~/server/organizations/members.ts";
import { appForFile } from "../support/fixture.ts";
import { setPlan } from "../support/plans.ts";
import { join, type Person, person } from "./world.ts";

const app = await appForFile();

/** An organization with exactly two owners, and their membership ids. */
async function twoOwners() {
  const first = await person(app, "owner-1");
  const second = await person(app, "owner-2");
  const org = await first.caller.organization.create({ name: "Two owners" });
  await setPlan(app, org.id, "business");
  await join(first, second, org.id, "admin");
  const memberId = async (who: Person) => {
    const members = await first.caller.organizationMember.getMembersByOrganizationId({
      organizationId: org.id,
    });
    const member = members.find((m) => m.userId === who.id);
    if (!member) throw new Error("member missing");
    return member.id;
  };
  const firstId = await memberId(first);
  const secondId = await memberId(second);
  await first.caller.organizationMember.changeRole({
    organizationId: org.id,
    memberId: secondId,
    role: "owner",
  });
  return { org, first, second, firstId, secondId };
}

async function ownersOf(organizationId: string, asker: Person) {
  const members = await asker.caller.organizationMember.getMembersByOrganizationId({ organizationId });
  return members.filter((m) => m.role === "owner");
}

/**
 * One request succeeds; the other is refused as it would be had it come second: the last owner may
 * not leave, and whoever was demoted or removed meanwhile has lost the right to act.
 */
function expectOneRefused(
  results: PromiseSettledResult<unknown>[],
  ...expected: Array<{ code: string; message: string }>
) {
  const refused = results.filter((r) => r.status === "rejected");
  expect(refused).toHaveLength(1);
  const { code, message } = (refused[0] as PromiseRejectedResult).reason as { code: string; message: string };
  expect(expected).toContainEqual({ code, message });
}

const LAST_OWNER = { code: "BAD_REQUEST", message: LAST_OWNER_MESSAGE };

describe("the last owner under concurrent changes", () => {
  it("two owners demoting each other at once leave one owner", async () => {
    const { org, first, second, firstId, secondId } = await twoOwners();
    const results = await Promise.allSettled([
      first.caller.organizationMember.changeRole({
        organizationId: org.id,
        memberId: secondId,
        role: "admin",
      }),
      second.caller.organizationMember.changeRole({
        organizationId: org.id,
        memberId: firstId,
        role: "admin",
      }),
    ]);
    // The second demotion comes from someone who is no longer an owner.
    expectOneRefused(results, {
      code: "FORBIDDEN",
      message: "Only an owner can grant, change or take away ownership.",
    });
    const asker = results[0]?.status === "fulfilled" ? first : second;
    expect(await ownersOf(org.id, asker)).toHaveLength(1);
  });

  it("two owners removing each other at once leave one owner", async () => {
    const { org, first, second, firstId, secondId } = await twoOwners();
    const results = await Promise.allSettled([
      first.caller.organizationMember.remove({ organizationId: org.id, memberId: secondId }),
      second.caller.organizationMember.remove({ organizationId: org.id, memberId: firstId }),
    ]);
    // The second removal comes from someone who is no longer a member.
    expectOneRefused(results, { code: "NOT_FOUND", message: "Organization not found" });
    const asker = results[0]?.status === "fulfilled" ? first : second;
    expect(await ownersOf(org.id, asker)).toHaveLength(1);
  });

  it("two owners leaving at once leave one owner", async () => {
    const { org, first, second } = await twoOwners();
    const results = await Promise.allSettled([
      first.caller.organizationMember.leave({ organizationId: org.id }),
      second.caller.organizationMember.leave({ organizationId: org.id }),
    ]);
    expectOneRefused(results, LAST_OWNER);
    const stayed = results[0]?.status === "fulfilled" ? second : first;
    expect(await ownersOf(org.id, stayed)).toEqual([expect.objectContaining({ userId: stayed.id })]);
  });

  it("a demotion racing a leave leaves one owner", async () => {
    const { org, first, second, secondId } = await twoOwners();
    const results = await Promise.allSettled([
      first.caller.organizationMember.leave({ organizationId: org.id }),
      first.caller.organizationMember.changeRole({
        organizationId: org.id,
        memberId: secondId,
        role: "member",
      }),
    ]);
    // Leaving first, the owner can no longer demote; demoting first, they can no longer leave.
    expectOneRefused(results, LAST_OWNER, { code: "NOT_FOUND", message: "Organization not found" });
    const members = await second.caller.organizationMember
      .getMembersByOrganizationId({ organizationId: org.id })
      .catch(async () =>
        first.caller.organizationMember.getMembersByOrganizationId({ organizationId: org.id }),
      );
    expect(members.filter((m) => m.role === "owner")).toHaveLength(1);
  });

  it("the settings page offers Leave to an owner only while another owner remains", async () => {
    const { org, first, secondId } = await twoOwners();
    const detail = () => first.caller.organization.getOrganizationDetail({ id: org.id });
    expect((await detail()).permissions["organization.leave"]).toBe(true);
    expect((await detail()).isLastOwner).toBe(false);
    await first.caller.organizationMember.changeRole({
      organizationId: org.id,
      memberId: secondId,
      role: "admin",
    });
    expect((await detail()).isLastOwner).toBe(true);
  });
});
