// A Neo run paused for approval outlasts the call that started it and a restart (issue 37). The step's
// wait is bounded well inside the call's time limit (TOOL_TIMEOUT_MS here 6 s, so 3 s): the caller
// then hears the run waits for approval, the run's visible status is "waiting_approval", and once a
// reviewer decides, the run goes on by itself with the approved result (or the denial) as the step's
// result. A restart while it waits: the app that started it stops, the decision is taken, and an app
// started afterwards on the same database takes the run up and completes it; the tool runs once.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { stopRunResumer } from "~/server/agents/neo/waiting-runs.ts";
import { type AppOptions, createApp } from "~/server/app.ts";
import type { App } from "~/server/app-services.ts";
import { agentRun } from "~/server/db/schema/index.ts";
import { approvedCallsSettled } from "~/server/governance/approvals.ts";
import { callerFor } from "../support/app.ts";
import { connectMcpClient } from "../support/mcp-client.ts";
import { neoCrmWorld, REQUEST } from "./neo-crm-world.ts";
import { worldForFile } from "./world.ts";

let appOptions: AppOptions = {};
const { app, world, fake, notes, agentId, agent } = await neoCrmWorld(
  "sk-test-openai-governance-resume-0123",
  async (overrides, options) => {
    appOptions = options;
    return worldForFile({ ...overrides, TOOL_TIMEOUT_MS: "6000" }, options);
  },
);
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

/** Starts the agent over /mcp and returns what its call answered: the run waits for approval. */
async function startPausedRun() {
  const client = await connectMcpClient(app, secret);
  try {
    const result = (await client.callTool({
      name: agent.toolName,
      arguments: { request: REQUEST },
    })) as CallToolResult;
    expect(result.structuredContent).toMatchObject({ status: "waiting_approval" });
    expect((result.content[0] as { text: string }).text).toContain("waits for a reviewer to approve a step");
    const runId = String((result.structuredContent as { runId: string }).runId);
    const { run } = await world.ownerA.caller.projectAgents.getRun({ projectId, runId });
    expect(run.status).toBe("waiting_approval");
    const [approval] = await world.adminA.caller.governance.getApprovals({ projectId, status: "pending" });
    expect(approval?.agentRunId).toBe(runId);
    return { runId, approvalId: String(approval?.id) };
  } finally {
    await client.close();
  }
}

async function finished(on: App, runId: string) {
  await expect
    .poll(async () => (await on.db.select().from(agentRun).where(eq(agentRun.id, runId)))[0]?.status, {
      timeout: 20_000,
    })
    .not.toMatch(/running|waiting_approval/);
  return callerFor(on, world.ownerA.cookie).projectAgents.getRun({ projectId, runId });
}

beforeEach(async () => {
  notes.length = 0;
  await app.db.delete(agentRun).where(eq(agentRun.agentId, agentId));
});

describe("a paused Neo run outlasts the call that started it", () => {
  it("approved after the call ended: the run goes on by itself and completes, the step ran once", async () => {
    script("Added the call-back note to Acme.");
    const { runId, approvalId } = await startPausedRun();
    expect(notes).toEqual([]);
    await world.adminA.caller.governance.decide({ projectId, approvalId, decision: "approve" });
    const { run, steps } = await finished(app, runId);
    expect(run).toMatchObject({ status: "completed", answer: "Added the call-back note to Acme." });
    expect(steps.map((step) => [step.toolName, step.isError, step.resultSummary])).toEqual([
      ["crm_add_note", false, "Note added: Acme: call back next week"],
    ]);
    await approvedCallsSettled(app);
    expect(notes).toEqual(["Acme: call back next week"]);
  });

  it("denied after the call ended: the denial is the step result the agent sees; the tool never runs", async () => {
    script("The note was not added: a reviewer denied it.");
    const { runId, approvalId } = await startPausedRun();
    await world.adminA.caller.governance.decide({
      projectId,
      approvalId,
      decision: "deny",
      reason: "Not now",
    });
    const { run, steps } = await finished(app, runId);
    expect(run).toMatchObject({
      status: "completed",
      answer: "The note was not added: a reviewer denied it.",
    });
    expect(steps[0]).toMatchObject({ toolName: "crm_add_note", isError: true });
    expect(steps[0]?.resultSummary).toMatch(/was denied by .+: Not now\. It was not run\./);
    expect(notes).toEqual([]);
  });

  it("a restart while it waits: an app started afterwards takes the decided run up and completes it", async () => {
    script("Added the call-back note to Acme.");
    const { runId, approvalId } = await startPausedRun();
    // The app that started the run stops taking runs up (as it does when it stops); the decision comes
    // while no process goes on with the run.
    stopRunResumer(app);
    await world.adminA.caller.governance.decide({ projectId, approvalId, decision: "approve" });
    await approvedCallsSettled(app);
    expect((await app.db.select().from(agentRun).where(eq(agentRun.id, runId)))[0]?.status).toBe(
      "waiting_approval",
    );
    // Started on the same database: it takes the run up at startup.
    const restarted = await createApp(app.config, app.database, appOptions);
    try {
      const { run, steps } = await finished(restarted, runId);
      expect(run).toMatchObject({ status: "completed", answer: "Added the call-back note to Acme." });
      expect(steps).toHaveLength(1);
      expect(notes).toEqual(["Acme: call back next week"]);
    } finally {
      stopRunResumer(restarted);
      await restarted.gateway.stop();
    }
  });
});
