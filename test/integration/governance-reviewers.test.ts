// Reviewers named per project (issue 37): a project's held calls are reviewed by its admins and by the
// members it names. Editors and admins name them; a named reviewer gets the e-mail, the inbox's count,
// and may approve or deny; one who is not (or no longer) named or has no access to the project may not;
// nobody approves their own request unless the project allows it.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvent, projectMember } from "~/server/db/schema/index.ts";
import { approvalMailsSettled } from "~/server/governance/approval-mail.ts";
import { approvedCallsSettled } from "~/server/governance/approvals.ts";
import { connectMcpClient } from "../support/mcp-client.ts";
import { mailsTo } from "../support/outbox.ts";
import { outcome, person, worldForFile } from "./world.ts";

const { app, world } = await worldForFile();
const projectId = world.projectA.id;
const member = world.memberA;
const owner = world.ownerA.caller;

await owner.projectPermissions.setProjectMemberRole({ projectId, userId: member.id, role: "viewer" });
await owner.governance.setPolicy({
  projectId,
  targetKind: "tool",
  target: "calculate",
  action: "approve",
  rules: [],
});
const { secret: projectKey } = await owner.apiKeys.create({ projectId, name: "Agent key" });

/** A call of the project key held for approval; its id. */
async function holdCall(token = projectKey): Promise<string> {
  const client = await connectMcpClient(app, token);
  try {
    const result = await client.callTool({ name: "calculate", arguments: { expression: "6*7" } });
    const text = (result.content as { text: string }[])[0]?.text ?? "";
    const id = /Waiting for approval ([0-9a-f-]{36})/.exec(text)?.[1];
    if (!id) throw new Error(`not held: ${text}`);
    await approvalMailsSettled(app);
    return id;
  } finally {
    await client.close();
  }
}

const mailCount = async () =>
  (await mailsTo(app.db, member.credentials.email)).filter((mail) =>
    mail.subject.startsWith("Approval needed"),
  ).length;

describe("reviewers named per project", () => {
  it("a member not named is no reviewer: no e-mail, no count, may not decide", async () => {
    const before = await mailCount();
    const id = await holdCall();
    expect(await mailCount()).toBe(before);
    expect(await member.caller.governance.getPendingCount({ projectId })).toBe(0);
    const [listed] = await member.caller.governance.getApprovals({ projectId, status: "pending" });
    expect(listed).toMatchObject({ id, decidable: false });
    expect(
      await outcome(member.caller.governance.decide({ projectId, approvalId: id, decision: "approve" })),
    ).toBe("FORBIDDEN");
    await owner.governance.decide({ projectId, approvalId: id, decision: "deny" });
  });

  it("only editors and admins name reviewers, and only members of the project", async () => {
    expect(await outcome(member.caller.governance.addReviewer({ projectId, userId: member.id }))).toBe(
      "FORBIDDEN",
    );
    const stranger = await person(app, "stranger");
    expect(await outcome(owner.governance.addReviewer({ projectId, userId: stranger.id }))).toBe(
      "BAD_REQUEST",
    );
    const list = await owner.governance.getReviewers({ projectId });
    expect(list.admins.map((reviewer) => reviewer.userId).sort()).toEqual(
      [world.ownerA.id, world.adminA.id].sort(),
    );
    expect(list.named).toEqual([]);
    expect(list.candidates.map((candidate) => candidate.userId)).toEqual([member.id]);
    // A viewer sees who reviews, but is offered nobody to name.
    expect((await member.caller.governance.getReviewers({ projectId })).candidates).toEqual([]);
  });

  it("a named member gets the e-mail and the count, and approves; the approved call runs", async () => {
    await owner.projectPermissions.setProjectMemberRole({ projectId, userId: member.id, role: "editor" });
    await member.caller.governance.addReviewer({ projectId, userId: member.id });
    expect(
      (await owner.governance.getReviewers({ projectId })).named.map((reviewer) => reviewer.userId),
    ).toEqual([member.id]);
    const before = await mailCount();
    const id = await holdCall();
    expect(await mailCount()).toBe(before + 1);
    expect(await member.caller.governance.getPendingCount({ projectId })).toBe(1);
    const [listed] = await member.caller.governance.getApprovals({ projectId, status: "pending" });
    expect(listed).toMatchObject({ id, decidable: true });
    await member.caller.governance.decide({ projectId, approvalId: id, decision: "approve", reason: "fine" });
    await approvedCallsSettled(app);
    const [decided] = await owner.governance.getApprovals({ projectId, status: "approved" });
    expect(decided).toMatchObject({ id, ran: true, reason: "fine" });
    const [added] = await app.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.projectId, projectId), eq(auditEvent.action, "project.reviewer_added")));
    expect(added).toMatchObject({ actorUserId: member.id, targetId: member.id });
  });

  it("a named reviewer never approves their own request unless the project allows it", async () => {
    const { secret } = await member.caller.apiKeys.create({ projectId, name: "Mine", kind: "personal" });
    const before = await mailCount();
    const id = await holdCall(secret);
    // Not e-mailed about their own request, nor counted for it.
    expect(await mailCount()).toBe(before);
    expect(await member.caller.governance.getPendingCount({ projectId })).toBe(1);
    const [listed] = await member.caller.governance.getApprovals({ projectId, status: "pending" });
    expect(listed).toMatchObject({ id, decidable: false });
    await expect(
      member.caller.governance.decide({ projectId, approvalId: id, decision: "approve" }),
    ).rejects.toThrow(/cannot approve your own request/);
    await world.adminA.caller.governance.decide({ projectId, approvalId: id, decision: "deny" });
  });

  it("a named reviewer who loses access to the project stops reviewing; removing one is recorded", async () => {
    await app.db
      .delete(projectMember)
      .where(and(eq(projectMember.projectId, projectId), eq(projectMember.userId, member.id)));
    expect((await owner.governance.getReviewers({ projectId })).named).toEqual([]);
    const before = await mailCount();
    await holdCall();
    expect(await mailCount()).toBe(before);
    await owner.projectPermissions.setProjectMemberRole({ projectId, userId: member.id, role: "viewer" });
    expect(
      (await owner.governance.getReviewers({ projectId })).named.map((reviewer) => reviewer.userId),
    ).toEqual([member.id]);
    await owner.governance.removeReviewer({ projectId, userId: member.id });
    expect((await owner.governance.getReviewers({ projectId })).named).toEqual([]);
    expect(await outcome(owner.governance.removeReviewer({ projectId, userId: member.id }))).toBe(
      "NOT_FOUND",
    );
    const removed = await app.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.projectId, projectId), eq(auditEvent.action, "project.reviewer_removed")));
    expect(removed).toHaveLength(1);
  });
});
