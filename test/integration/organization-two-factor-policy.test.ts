// The organization policy "Require two-factor authentication": while on, members without two-factor
// sign-in are refused the organization's and its projects' procedures with the organization named;
// they get through once they turn it on; other organizations and the MCP gateway's keys are unaffected;
// only owners change it, and an owner must have two-factor sign-in to turn it on. The steps build on
// each other, in order.
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import {
  OWNER_NEEDS_TWO_FACTOR,
  twoFactorRequiredMessage,
} from "~/server/organizations/two-factor-policy.ts";
import { connectMcpClient } from "../support/mcp-client.ts";
import { newPkce, OAuthTestClient } from "../support/oauth-client.ts";
import { setPlan } from "../support/plans.ts";
import { turnOnTwoFactor } from "../support/two-factor-on.ts";
import { join, outcome, worldForFile } from "./world.ts";

const { app, world } = await worldForFile();
const { ownerA, adminA, memberA, ownerB, orgA, orgB, projectA, projectB } = world;

// memberA: a viewer of project A, an editor with an API key, and a member of organization B too.
await ownerA.caller.projectPermissions.setProjectMemberRole({
  projectId: projectA.id,
  userId: memberA.id,
  role: "editor",
});
const memberKey = await memberA.caller.apiKeys.create({ projectId: projectA.id, name: "Member's agent" });
await setPlan(app, orgB.id, "business");
await join(ownerB, memberA, orgB.id, "member");

/** The refusal a promise rejects with: its code, message and the organization named for the pages. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
    return null;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const cause = error.cause as { organizationName?: string } | undefined;
    return { code: error.code, message: error.message, organizationName: cause?.organizationName };
  }
}

const BLOCKED = { code: "FORBIDDEN", message: twoFactorRequiredMessage("Acme"), organizationName: "Acme" };
const policyInput = (required: boolean) => ({ organizationId: orgA.id, required });

/** One organization procedure and one project procedure of organization A, as `caller`. */
const organizationCall = (caller: typeof memberA.caller) =>
  caller.organization.getOrganizationDetail({ id: orgA.id });
const projectCall = (caller: typeof memberA.caller) => caller.project.getById({ projectId: projectA.id });

describe("who may change the policy", () => {
  it("refuses an owner without two-factor sign-in, with the reason", async () => {
    expect(await refusal(ownerA.caller.organization.setTwoFactorRequired(policyInput(true)))).toMatchObject({
      code: "BAD_REQUEST",
      message: OWNER_NEEDS_TWO_FACTOR,
    });
    expect((await ownerA.caller.organization.getTwoFactorPolicy({ organizationId: orgA.id })).required).toBe(
      false,
    );
  });

  it("refuses admins and members (owners only), and other organizations' owners", async () => {
    const admin = await turnOnTwoFactor(app, adminA);
    adminA.caller = admin.caller;
    expect(await outcome(admin.caller.organization.setTwoFactorRequired(policyInput(true)))).toBe(
      "FORBIDDEN",
    );
    expect(await outcome(memberA.caller.organization.setTwoFactorRequired(policyInput(true)))).toBe(
      "FORBIDDEN",
    );
    expect(await outcome(ownerB.caller.organization.setTwoFactorRequired(policyInput(true)))).toBe(
      "NOT_FOUND",
    );
    // Admins read it (the settings page shows it to them read-only): the owner and the member lack 2FA.
    expect(await admin.caller.organization.getTwoFactorPolicy({ organizationId: orgA.id })).toEqual({
      required: false,
      membersWithoutTwoFactor: 2,
    });
  });

  it("lets an owner with two-factor sign-in turn it on; the members list shows who has it", async () => {
    const owner = await turnOnTwoFactor(app, ownerA);
    ownerA.caller = owner.caller;
    const members = await owner.caller.organizationMember.getMembersByOrganizationId({
      organizationId: orgA.id,
    });
    expect(Object.fromEntries(members.map((m) => [m.userId, m.twoFactorEnabled]))).toEqual({
      [ownerA.id]: true,
      [adminA.id]: true,
      [memberA.id]: false,
    });
    // Before the policy, the member sees the list, but not colleagues' security settings.
    const seenByMember = await memberA.caller.organizationMember.getMembersByOrganizationId({
      organizationId: orgA.id,
    });
    expect(seenByMember.map((m) => m.twoFactorEnabled)).toEqual([null, null, null]);
    expect(await outcome(projectCall(memberA.caller))).toBe("OK");

    expect(await owner.caller.organization.setTwoFactorRequired(policyInput(true))).toEqual({
      required: true,
      membersWithoutTwoFactor: 1,
    });
    const log = await owner.caller.auditLog.list({ organizationId: orgA.id, filters: {} });
    expect(log.items[0]).toMatchObject({
      action: "organization.settings_changed",
      details: { setting: "requires_two_factor", from: false, to: true },
    });
  });
});

describe("while the policy is on", () => {
  it("refuses a member without two-factor sign-in on organization and project procedures", async () => {
    expect(await refusal(organizationCall(memberA.caller))).toEqual(BLOCKED);
    expect(
      await refusal(
        memberA.caller.organizationMember.getMembersByOrganizationId({ organizationId: orgA.id }),
      ),
    ).toEqual(BLOCKED);
    expect(await refusal(projectCall(memberA.caller))).toEqual(BLOCKED);
    expect(await refusal(memberA.caller.apiKeys.getUserApiKeysMasked({ projectId: projectA.id }))).toEqual(
      BLOCKED,
    );
    // A non-member still learns nothing about the organization, policy included.
    expect(await refusal(projectCall(ownerB.caller))).toMatchObject({ code: "NOT_FOUND" });
  });

  it("leaves the member's other organizations alone, and members with two-factor sign-in", async () => {
    expect(await outcome(memberA.caller.organization.getOrganizationDetail({ id: orgB.id }))).toBe("OK");
    expect(await outcome(ownerB.caller.project.getById({ projectId: projectB.id }))).toBe("OK");
    expect(await outcome(organizationCall(adminA.caller))).toBe("OK");
    expect(await outcome(projectCall(ownerA.caller))).toBe("OK");
  });

  it("does not hold machine credentials to it: the member's API key still reaches /mcp", async () => {
    const client = await connectMcpClient(app, memberKey.secret);
    try {
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });

  it("refuses the member's consent to an MCP client for one of its projects (a person's act)", async () => {
    const client = await OAuthTestClient.register(app);
    const pkce = newPkce();
    const consentUrl = await client.authorize(memberA.cookie, {
      code_challenge: pkce.challenge,
      code_challenge_method: "S256",
    });
    const refused = await client.consent(memberA.cookie, consentUrl, {
      accept: true,
      projectId: projectA.id,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(twoFactorRequiredMessage("Acme"));
    expect(refused.redirect).toBeNull();
  });

  it("lets the member in once they turn on two-factor sign-in", async () => {
    const member = await turnOnTwoFactor(app, memberA);
    expect(await outcome(organizationCall(member.caller))).toBe("OK");
    expect(await outcome(projectCall(member.caller))).toBe("OK");
    expect(
      (await ownerA.caller.organization.getTwoFactorPolicy({ organizationId: orgA.id }))
        .membersWithoutTwoFactor,
    ).toBe(0);
  });

  it("can be turned off by the owner", async () => {
    expect(await ownerA.caller.organization.setTwoFactorRequired(policyInput(false))).toMatchObject({
      required: false,
    });
  });
});
