// Answering Neo's question from the run page (projectAgents.answerQuestion): a run that asked goes on as
// a new run of the same agent with the request and the answer (the /mcp path's `clarification`), linked
// to the run that asked; a question is answered once, by someone who may run the agent, in its project.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { agentRun } from "~/server/db/schema/index.ts";
import { neoCrmWorld, QUESTION, REQUEST } from "./neo-crm-world.ts";
import { outcome } from "./world.ts";

const { app, world, fake, notes, agentId } = await neoCrmWorld("sk-test-openai-answer-0123456789");

const projectId = world.projectA.id;

function waitForRun(runId: string) {
  return vi.waitFor(
    async () => {
      const detail = await world.ownerA.caller.projectAgents.getRun({ projectId, runId });
      if (detail.run.status === "running") throw new Error("run did not finish");
      return detail;
    },
    { timeout: 5_000, interval: 25 },
  );
}

/** A run started in the app that stops to ask; its id once it has. */
async function askingRun(): Promise<string> {
  fake.script([{ text: `ASK: ${QUESTION}` }]);
  const { runId } = await world.ownerA.caller.projectAgents.startRun({
    projectId,
    agentId,
    request: REQUEST,
  });
  const { run } = await waitForRun(runId);
  expect(run).toMatchObject({ status: "needs_input", answer: QUESTION });
  return runId;
}

const answer = (runId: string, text: string, caller = world.ownerA.caller, inProject = projectId) =>
  caller.projectAgents.answerQuestion({ projectId: inProject, runId, answer: text });

beforeEach(async () => {
  notes.length = 0;
  await app.db.delete(agentRun).where(eq(agentRun.agentId, agentId));
});

describe("answering an agent's question in the app", () => {
  it("continues as a new run with the answer, linked both ways, and refuses a second answer", async () => {
    const askedId = await askingRun();
    fake.script([
      { text: "Add a call-back note to Acme." },
      { text: '{"servers":["srv-crm"]}' },
      { text: "1. crm_add_note" },
      { toolCalls: [{ name: "crm_add_note", args: { query: "Acme: call back next week" } }] },
      { text: "Added the call-back note to Acme." },
    ]);
    const intentCall = fake.calls().length;
    const { runId } = await answer(askedId, "  Acme  ");
    expect(runId).not.toBe(askedId);
    const continued = await waitForRun(runId);
    expect(continued.run).toMatchObject({
      status: "completed",
      answer: "Added the call-back note to Acme.",
      channel: "app",
      userId: world.ownerA.id,
      // The same request the /mcp path builds from a `clarification` argument.
      request: `${REQUEST}\n\nClarification from the user: Acme`,
      clarification: "Acme",
      continuesRunId: askedId,
    });
    expect(notes).toEqual(["Acme: call back next week"]);
    // The model got the answer, and was not offered to ask again.
    const body = fake.calls()[intentCall]?.body as { messages: { role: string; content: unknown }[] };
    expect(JSON.stringify(body.messages.find((m) => m.role === "user")?.content)).toContain(
      "Clarification from the user: Acme",
    );
    expect(String(body.messages.find((m) => m.role === "system")?.content)).not.toContain("ASK");
    expect(fake.remainingTurns()).toBe(0);
    // The continued run shows the question and the answer; the asking run links to it.
    expect(continued.conversation).toEqual({
      answers: { runId: askedId, question: QUESTION, request: REQUEST, clarification: "Acme" },
      continuedByRunId: null,
    });
    const asked = await world.ownerA.caller.projectAgents.getRun({ projectId, runId: askedId });
    expect(asked.conversation).toEqual({ answers: null, continuedByRunId: runId });
    const listed = await world.ownerA.caller.projectAgents.listRuns({ projectId, agentId });
    expect(listed.map((run) => [run.id, run.continuesRunId, run.continuedByRunId])).toEqual([
      [runId, askedId, null],
      [askedId, null, runId],
    ]);
    // A second answer to the same question, and an answer to a run that did not ask, are refused.
    await expect(answer(askedId, "Globex")).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/^This question was already answered/),
    });
    await expect(answer(runId, "Globex")).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/^This run is not waiting for an answer/),
    });
    expect(await app.db.select().from(agentRun).where(eq(agentRun.agentId, agentId))).toHaveLength(2);
  });

  it("starts one continuation when two answers arrive at once (a double click)", async () => {
    const askedId = await askingRun();
    // Enough turns for one continuation; the other answer must not start a run at all.
    fake.script([
      { text: "Add a call-back note to Acme." },
      { text: '{"servers":["srv-crm"]}' },
      { text: "1. crm_add_note" },
      { toolCalls: [{ name: "crm_add_note", args: { query: "Acme" } }] },
      { text: "Done." },
    ]);
    const results = await Promise.allSettled([answer(askedId, "Acme"), answer(askedId, "Acme")]);
    const started = results.filter((result) => result.status === "fulfilled");
    expect(started).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect((refused as PromiseRejectedResult).reason.message).toMatch(/^This question was already answered/);
    await waitForRun((started[0] as PromiseFulfilledResult<{ runId: string }>).value.runId);
    const continuations = await app.db.select().from(agentRun).where(eq(agentRun.continuesRunId, askedId));
    expect(continuations).toHaveLength(1);
  });

  it("checks the answer, and refuses viewers and other tenants", async () => {
    const askedId = await askingRun();
    await expect(answer(askedId, "   ")).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Write an answer to the agent's question",
    });
    await expect(answer(askedId, "x".repeat(4001))).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "The answer must be at most 4000 characters",
    });
    // A viewer of the project sees runs but may not run agents, so may not answer.
    await world.ownerA.caller.projectPermissions.setProjectMemberRole({
      projectId,
      userId: world.memberA.id,
      role: "viewer",
    });
    expect(await world.memberA.caller.projectAgents.getRun({ projectId, runId: askedId })).toBeTruthy();
    expect(await outcome(answer(askedId, "Acme", world.memberA.caller))).toBe("FORBIDDEN");
    // Another organization: neither through A's project nor through its own.
    expect(await outcome(answer(askedId, "Acme", world.ownerB.caller))).toMatch(/^(FORBIDDEN|NOT_FOUND)$/);
    expect(await outcome(answer(askedId, "Acme", world.ownerB.caller, world.projectB.id))).toBe("NOT_FOUND");
    expect(await outcome(answer("no-such-run", "Acme"))).toBe("NOT_FOUND");
    // Nothing was started by any of these.
    expect(await app.db.select().from(agentRun).where(eq(agentRun.agentId, agentId))).toHaveLength(1);
    expect(fake.remainingTurns()).toBe(0);
  });
});
