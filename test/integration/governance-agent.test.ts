// Neo respects the project's policies (issue 37): a step the policy holds for approval pauses the run
// (the caller is told it waits for approval), and the run goes on when a reviewer decides: approved,
// the step runs once and the run completes with its result; denied, the denial is the step result the
// agent sees, and the CRM tool never runs.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { agentRun, agentRunStep } from "~/server/db/schema/index.ts";
import { connectMcpClient } from "../support/mcp-client.ts";
import { neoCrmWorld, REQUEST } from "./neo-crm-world.ts";

const { app, world, fake, notes, agentId, agent } = await neoCrmWorld("sk-test-openai-governance-0123456789");
const projectId = world.projectA.id;
const { secret } = await world.ownerA.caller.apiKeys.create({ projectId, name: "Client" });
await world.ownerA.caller.governance.setPolicy({
  projectId,
  targetKind: "tool",
  target: "crm_add_note",
  action: "approve",
  rules: [],
});

const script = (final: string) =>
  fake.script([
    { text: "Add a call-back note to Acme." },
    { text: '{"servers":["srv-crm"]}' },
    { text: "1. crm_add_note" },
    { toolCalls: [{ name: "crm_add_note", args: { query: "Acme: call back next week" } }] },
    { text: final },
  ]);

async function heldForTheRun() {
  let approval: Awaited<ReturnType<typeof world.adminA.caller.governance.getApprovals>>[number] | undefined;
  await expect
    .poll(
      async () => {
        [approval] = await world.adminA.caller.governance.getApprovals({ projectId, status: "pending" });
        return approval?.agentRunId ?? null;
      },
      { timeout: 15_000 },
    )
    .not.toBeNull();
  if (!approval) throw new Error("no approval");
  return approval;
}

beforeEach(async () => {
  notes.length = 0;
  await app.db.delete(agentRun).where(eq(agentRun.agentId, agentId));
});

describe("a Neo run pausing for approval", () => {
  it("waits for the approval, then runs the step once and completes", async () => {
    const client = await connectMcpClient(app, secret);
    try {
      script("Added the call-back note to Acme.");
      const progress: string[] = [];
      const call = client.callTool({ name: agent.toolName, arguments: { request: REQUEST } }, undefined, {
        onprogress: (update) => progress.push(String(update.message)),
      });
      const approval = await heldForTheRun();
      expect(approval).toMatchObject({
        toolName: "crm_add_note",
        summary: "crm_add_note — query: Acme: call back next week",
      });
      expect(notes).toEqual([]);
      await expect.poll(() => progress).toContain("Step 1: crm_add_note is waiting for approval");
      await world.adminA.caller.governance.decide({
        projectId,
        approvalId: approval.id,
        decision: "approve",
      });
      const result = await call;
      expect(result.structuredContent).toMatchObject({
        status: "completed",
        answer: "Added the call-back note to Acme.",
      });
      expect(notes).toEqual(["Acme: call back next week"]);
      const [run] = await app.db.select().from(agentRun).where(eq(agentRun.agentId, agentId));
      expect(run?.id).toBe(approval.agentRunId);
      const steps = await app.db
        .select()
        .from(agentRunStep)
        .where(eq(agentRunStep.runId, String(run?.id)));
      expect(steps.map((step) => [step.toolName, step.isError, step.resultSummary])).toEqual([
        ["crm_add_note", false, "Note added: Acme: call back next week"],
      ]);
    } finally {
      await client.close();
    }
  });

  it("a denial is the step result the agent sees; the tool never runs", async () => {
    const client = await connectMcpClient(app, secret);
    try {
      script("The note was not added: a reviewer denied it.");
      const call = client.callTool({ name: agent.toolName, arguments: { request: REQUEST } });
      const approval = await heldForTheRun();
      await world.adminA.caller.governance.decide({
        projectId,
        approvalId: approval.id,
        decision: "deny",
        reason: "Not now",
      });
      const result = await call;
      expect(result.structuredContent).toMatchObject({
        status: "completed",
        answer: "The note was not added: a reviewer denied it.",
      });
      expect(notes).toEqual([]);
      const [run] = await app.db.select().from(agentRun).where(eq(agentRun.agentId, agentId));
      const [step] = await app.db
        .select()
        .from(agentRunStep)
        .where(eq(agentRunStep.runId, String(run?.id)));
      expect(step).toMatchObject({ isError: true });
      expect(step?.resultSummary).toMatch(/was denied by .+: Not now\. It was not run\./);
    } finally {
      await client.close();
    }
  });
});
