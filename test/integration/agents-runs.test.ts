// Agents end to end in process: Neo's runs against the fakes of the OpenAI, Anthropic and Google APIs, calling tools on two servers through the gateway's runTool (the call log records them as channel "agent").
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { toolCall } from "~/server/db/schema/index.ts";
import { ANTHROPIC_KEY, agentsWorld, GOOGLE_KEY } from "./agents-world.ts";
import { outcome } from "./world.ts";

const {
  app,
  world,
  fake,
  toolRuns,
  flaky,
  saveOpenAiCredential,
  waitForRun,
  neoWith,
  startRun,
  toolMessages,
} = await agentsWorld();

describe("Neo runs", () => {
  let openai: Awaited<ReturnType<typeof saveOpenAiCredential>>;
  beforeAll(async () => {
    openai = await saveOpenAiCredential("Runs");
  });

  it("plans three steps across two servers, runs them through the gateway and stores everything", async () => {
    const neo = await neoWith(openai.id);
    const before = fake.calls().length;
    fake.script([
      {
        text: "Review open deals and their upcoming meetings, then note it on the deal.",
        usage: { input: 50, output: 10 },
      },
      { text: '```json\n{"servers": ["srv-crm", "srv-cal"]}\n```', usage: { input: 80, output: 8 } },
      {
        text: "1. List open deals with crm_list_deals\n2. Find meetings with calendar_find_meetings\n3. Add a note with crm_add_note",
        usage: { input: 120, output: 30 },
      },
      { toolCalls: [{ name: "crm_list_deals", args: { query: "open" } }], usage: { input: 300, output: 15 } },
      ({ body }) => {
        expect(toolMessages(body).join()).toContain("Acme renewal");
        return {
          toolCalls: [{ name: "calendar_find_meetings", args: { query: "Acme" } }],
          usage: { input: 400, output: 15 },
        };
      },
      {
        toolCalls: [{ name: "crm_add_note", args: { query: "QBR on Nov 30" } }],
        usage: { input: 500, output: 15 },
      },
      {
        text: "Acme renewal (12,000) has its QBR on 30 November; I noted it on the deal.",
        usage: { input: 600, output: 25 },
      },
    ]);
    const { runId } = await startRun(neo.id, "Which deals have meetings coming up? Note them.");
    const { run, steps } = await waitForRun(runId);
    expect(run.status).toBe("completed");
    expect(run.intent).toBe("Review open deals and their upcoming meetings, then note it on the deal.");
    expect(run.selectedServers).toEqual(["HubSpot", "Google Calendar"]);
    expect(run.plan).toHaveLength(3);
    expect(run.answer).toContain("QBR on 30 November");
    expect(steps.map((s) => [s.position, s.toolName, s.serverName, s.isError])).toEqual([
      [1, "crm_list_deals", "HubSpot", false],
      [2, "calendar_find_meetings", "Google Calendar", false],
      [3, "crm_add_note", "HubSpot", false],
    ]);
    expect(steps[2]?.arguments).toEqual({ query: "QBR on Nov 30" });
    expect(steps[0]?.resultSummary).toContain("Acme renewal");
    expect(steps[0]?.tokens).toBe(315);
    expect(run.inputTokens).toBe(50 + 80 + 120 + 300 + 400 + 500 + 600);
    expect(run.outputTokens).toBe(10 + 8 + 30 + 15 + 15 + 15 + 25);
    expect(run.stepCount).toBe(3);
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
    expect(fake.remainingTurns()).toBe(0);
    // The models asked for: requirements §5's defaults per stage, over Chat Completions; the executor is offered
    // the two servers' tools and never an agent.
    const calls = fake.calls().slice(before);
    expect(calls.map((c) => c.body.model)).toEqual([
      "gpt-4.1-nano",
      "gpt-4.1-nano",
      "gpt-4.1-mini",
      "gpt-4.1",
      "gpt-4.1",
      "gpt-4.1",
      "gpt-4.1",
    ]);
    // Intent and server selection answer whole; the planner and the executor stream (the plan and the
    // answer reach the run page live).
    expect(calls.map((c) => c.streamed)).toEqual([false, false, true, true, true, true, true]);
    expect(calls[3]?.body.stream_options).toEqual({ include_usage: true });
    const offered = ((calls[3]?.body.tools ?? []) as { function: { name: string } }[]).map(
      (t) => t.function.name,
    );
    expect(offered.sort()).toEqual([
      "calendar_find_meetings",
      "calendar_flaky_search",
      "crm_add_note",
      "crm_list_deals",
    ]);
    expect(toolRuns.map((r) => r.name)).toEqual(["crm_list_deals", "calendar_find_meetings", "crm_add_note"]);
    // Each step went through runTool: it is in the call log as agent traffic.
    await app.gateway.recorder.flush();
    const logged = await app.db.select().from(toolCall).where(eq(toolCall.channel, "agent"));
    expect(logged.map((row) => row.toolName)).toEqual(
      expect.arrayContaining(["crm_list_deals", "calendar_find_meetings", "crm_add_note"]),
    );
    expect(logged.find((row) => row.toolName === "crm_add_note")?.callerName).toBe("Agent Neo");
    const runs = await world.ownerA.caller.projectAgents.listRuns({
      projectId: world.projectA.id,
      agentId: neo.id,
    });
    expect(runs.map((r) => r.id)).toEqual([runId]);
    const usage = await world.ownerA.caller.llmCredentials.getLlmTokenUsage({
      organizationId: world.orgA.id,
    });
    expect(usage[0]?.inputTokens).toBeGreaterThanOrEqual(run.inputTokens);
  });

  it("recovers from a tool error: the model reads the failure and tries again", async () => {
    const neo = await neoWith(openai.id);
    flaky.failures = 1;
    fake.script([
      { text: "Find free slots." },
      { text: '{"servers":["srv-cal"]}' },
      { text: "1. Search the calendar with calendar_flaky_search" },
      { toolCalls: [{ name: "calendar_flaky_search", args: { query: "free" } }] },
      ({ body }) => {
        expect(toolMessages(body).join()).toContain("The tool failed: Calendar API: 503");
        return { toolCalls: [{ name: "calendar_flaky_search", args: { query: "free" } }] };
      },
      { text: "Nothing is booked: the calendar is free (the first search failed and was retried)." },
    ]);
    const { runId } = await startRun(neo.id, "Am I free this week?");
    const { run, steps } = await waitForRun(runId);
    expect(run.status).toBe("completed");
    expect(steps.map((s) => s.isError)).toEqual([true, false]);
    expect(steps[0]?.resultSummary).toBe("Calendar API: 503");
    expect(run.answer).toContain("retried");
  });

  it("stops at maxSteps and says so", async () => {
    const neo = await neoWith(openai.id, { maxSteps: 2 });
    const again = { toolCalls: [{ name: "crm_list_deals", args: { query: "all" } }] };
    fake.script([
      { text: "List deals." },
      { text: '{"servers":["srv-crm"]}' },
      { text: "1. crm_list_deals" },
      again,
      again,
      again,
      again,
    ]);
    const { runId } = await startRun(neo.id, "Keep listing deals.");
    const { run, steps } = await waitForRun(runId);
    expect(run.status).toBe("max_steps");
    expect(steps).toHaveLength(2);
    expect(toolRuns).toHaveLength(2);
    expect(run.answer).toContain("Stopped after 2 steps, the agent's limit (maxSteps 2)");
  });

  it("fails with a clear message when the key was revoked after it was saved", async () => {
    const revokedKey = "sk-soon-revoked-0123456789";
    fake.validKeys.add(revokedKey);
    const credential = await world.ownerA.caller.llmCredentials.saveOrganizationLlmCredential({
      organizationId: world.orgA.id,
      values: { llmType: "openai", name: "Soon revoked", apiKey: revokedKey },
    });
    const neo = await neoWith(credential.id);
    fake.validKeys.delete(revokedKey);
    const { runId } = await startRun(neo.id, "Anything");
    const { run } = await waitForRun(runId);
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(
      /^OpenAI rejected the API key \(HTTP 401\)\. Check that the key is correct and has not been revoked\./,
    );
  });

  it("refuses to start without a credential, and viewers cannot run", async () => {
    const { id } = await world.ownerA.caller.projectAgents.addToProject({
      projectId: world.projectA.id,
      presetId: "neo",
    });
    // Several credentials exist now, so none was chosen for it.
    await expect(startRun(id, "Hello")).rejects.toThrow(/This agent has no LLM credential/);
    // A viewer of the project (this file's world starts memberA with no project role).
    await world.ownerA.caller.projectPermissions.setProjectMemberRole({
      projectId: world.projectA.id,
      userId: world.memberA.id,
      role: "viewer",
    });
    expect(
      await outcome(
        world.memberA.caller.projectAgents.startRun({
          projectId: world.projectA.id,
          agentId: id,
          request: "Hi",
        }),
      ),
    ).toBe("FORBIDDEN");
  });

  it.each([
    ["anthropic", ANTHROPIC_KEY, "claude-haiku-4-5", "claude-sonnet-4-5"],
    ["google", GOOGLE_KEY, "gemini-2.5-flash-lite", "gemini-2.5-pro"],
  ] as const)("runs with %s models and their tool-call format", async (llmType, apiKey, small, executor) => {
    const credential = await world.ownerA.caller.llmCredentials.saveOrganizationLlmCredential({
      organizationId: world.orgA.id,
      values: {
        llmType,
        name: `${llmType} key`,
        apiKey,
        ...(llmType === "google" ? { projectId: "acme-gemini" } : {}),
      },
    });
    const models = { intentExtractor: small, serverSelector: small, planner: executor, executor };
    const neo = await neoWith(credential.id, { models });
    const before = fake.calls().length;
    fake.script([
      { text: "List deals." },
      { text: '{"servers":["srv-crm"]}' },
      { text: "1. crm_list_deals" },
      { toolCalls: [{ name: "crm_list_deals", args: { query: "open" } }] },
      { text: "One open deal: Acme renewal." },
    ]);
    const { runId } = await startRun(neo.id, "What deals are open?");
    const { run, steps } = await waitForRun(runId);
    expect(run.status).toBe("completed");
    expect(steps.map((s) => s.toolName)).toEqual(["crm_list_deals"]);
    const calls = fake.calls().slice(before);
    expect(calls.every((c) => c.provider === llmType)).toBe(true);
    // The tool result went back in the provider's own shape.
    expect(JSON.stringify(calls.at(-1)?.body)).toContain(
      llmType === "anthropic" ? "tool_result" : "functionResponse",
    );
    // The executor streamed: Anthropic's `stream: true` events, Gemini's streamGenerateContent (SSE);
    // the tool call and the answer came back whole from the pieces.
    expect(calls.map((c) => c.streamed)).toEqual([false, false, true, true, true]);
    if (llmType === "anthropic") expect(calls[3]?.body.stream).toBe(true);
    else expect(calls[3]?.path).toBe(`/v1beta/models/${executor}:streamGenerateContent`);
    expect(steps[0]?.arguments).toEqual({ query: "open" });
    expect(run.answer).toBe("One open deal: Acme renewal.");
    // Google's optional project goes in x-goog-user-project, Google's header for a request's quota
    // project (https://cloud.google.com/docs/quotas/set-quota-project); the others send none.
    for (const call of calls) {
      expect(call.headers["x-goog-user-project"]).toBe(llmType === "google" ? "acme-gemini" : undefined);
    }
  });
});
