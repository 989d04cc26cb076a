// Agents end to end in process: LLM credentials (requirements §5 messages, the key checked with the provider,
// encrypted at rest), the marketplace, project agents and their configuration, and Neo's runs against
// local fakes of the OpenAI, Anthropic and Google APIs, with tools on two servers reached through the
// gateway's own runTool (the call log records them as channel "agent").
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  failInterruptedRuns,
  INTERRUPTED_MESSAGE,
  interruptLiveRuns,
  STALE_AFTER_MS,
} from "~/server/agents/neo/run-liveness.ts";
import { agentRun, llmCredential, toolCall } from "~/server/db/schema/index.ts";
import type { ToolSource } from "~/server/gateway/project-tools.ts";
import { handleRestRequest } from "~/server/gateway/rest/handle-rest.ts";
import type { GatewayTool } from "~/server/gateway/tool-types.ts";
import { startLlmFake } from "../fakes/llm-providers.ts";
import { connectMcpClient } from "../support/mcp-client.ts";
import { outcome, worldForFile } from "./world.ts";

const OPENAI_KEY = "sk-test-openai-0123456789";
const ANTHROPIC_KEY = "anthropic-test-key-0123456789";
const GOOGLE_KEY = "google-test-key-0123456789";

const toolRuns: { name: string; args: Record<string, unknown> }[] = [];
let flakyFailures = 0;

function syntheticTool(
  serverId: string,
  serverName: string,
  name: string,
  answer: (args: Record<string, unknown>) => CallToolResult,
): GatewayTool {
  return {
    name,
    title: name,
    description: `${name} of ${serverName}, a synthetic tool for agent tests.`,
    inputSchema: { type: "object", properties: { query: { type: "string" } } },
    annotations: { readOnlyHint: true },
    serverId,
    serverName,
    async run(args) {
      toolRuns.push({ name, args });
      return answer(args);
    },
  };
}

const text = (value: string): CallToolResult => ({ content: [{ type: "text", text: value }] });

// Two servers: a CRM and a calendar, one of whose tools fails on its first call.
const twoServers: ToolSource = async () => [
  syntheticTool("srv-crm", "HubSpot", "crm_list_deals", () =>
    text('[{"deal":"Acme renewal","amount":12000}]'),
  ),
  syntheticTool("srv-crm", "HubSpot", "crm_add_note", (args) => text(`Note added: ${String(args.query)}`)),
  syntheticTool("srv-cal", "Google Calendar", "calendar_find_meetings", () =>
    text('[{"title":"Acme QBR","start":"2026-11-30T10:00:00Z"}]'),
  ),
  syntheticTool("srv-cal", "Google Calendar", "calendar_flaky_search", () => {
    if (flakyFailures-- > 0) return { isError: true, content: [{ type: "text", text: "Calendar API: 503" }] };
    return text("[]");
  }),
];

const fake = await startLlmFake();
afterAll(() => fake.close());
fake.validKeys.add(OPENAI_KEY).add(ANTHROPIC_KEY).add(GOOGLE_KEY);
const { app, world } = await worldForFile(
  { LLM_ENDPOINTS: fake.endpoints },
  { extraToolSources: [twoServers] },
);

beforeEach(() => {
  toolRuns.length = 0;
});

async function saveOpenAiCredential(name = "OpenAI production") {
  return world.ownerA.caller.llmCredentials.saveOrganizationLlmCredential({
    organizationId: world.orgA.id,
    values: { llmType: "openai", name, apiKey: OPENAI_KEY },
  });
}

/** The run's detail once it has finished (runs go on after startRun answers). */
function waitForRun(runId: string) {
  return vi.waitFor(
    async () => {
      const detail = await world.ownerA.caller.projectAgents.getRun({ projectId: world.projectA.id, runId });
      if (detail.run.status === "running") throw new Error("run did not finish");
      return detail;
    },
    { timeout: 5_000, interval: 25 },
  );
}

describe("LLM credentials", () => {
  const save = (values: Record<string, unknown>) =>
    world.ownerA.caller.llmCredentials.saveOrganizationLlmCredential({
      organizationId: world.orgA.id,
      values,
    });

  it("says what is wrong with a key in requirements §5's words", async () => {
    await expect(save({ llmType: "openai", name: "x" })).rejects.toThrow(/^OpenAI API key is required$/);
    await expect(save({ llmType: "openai", name: "x", apiKey: "pk-123" })).rejects.toThrow(
      /^Invalid API key format\. Must start with 'sk-'$/,
    );
    await expect(save({ llmType: "anthropic", name: "x", apiKey: " " })).rejects.toThrow(
      /^Anthropic API key is required$/,
    );
    await expect(save({ llmType: "google", name: "x" })).rejects.toThrow(/^Google API key is required$/);
  });

  it("checks the key with the provider before saving, and says when it is refused", async () => {
    const refused = save({ llmType: "openai", name: "Revoked", apiKey: "sk-revoked-000000000000" });
    await expect(refused).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(refused).rejects.toThrow(
      /OpenAI rejected the API key \(HTTP 401\)\. Check that the key is correct/,
    );
    await expect(save({ llmType: "anthropic", name: "Bad", apiKey: "nope" })).rejects.toThrow(
      /Anthropic rejected the API key \(HTTP 401\).*invalid x-api-key/,
    );
    await expect(save({ llmType: "google", name: "Bad", apiKey: "nope" })).rejects.toThrow(
      /Google Gemini rejected the API key \(HTTP 400\).*API key not valid/,
    );
    const listing = fake.requests.filter((r) => r.method === "GET").map((r) => r.path);
    expect(listing).toEqual(
      expect.arrayContaining(["/openai/v1/models", "/anthropic/v1/models", "/google/v1beta/models"]),
    );
  });

  it("refuses a base URL on a private network (SSRF guard)", async () => {
    await expect(
      save({ llmType: "openai", name: "Local", apiKey: OPENAI_KEY, baseUrl: "http://127.0.0.1:9/v1" }),
    ).rejects.toThrow(/not allowed/);
    await expect(
      save({ llmType: "openai", name: "Local", apiKey: OPENAI_KEY, baseUrl: "ftp://x" }),
    ).rejects.toThrow("Base URL must be a valid URL");
  });

  it("stores the key encrypted, shows only its tail, and keeps it when edited without a key", async () => {
    const saved = await save({
      llmType: "google",
      name: "Gemini",
      apiKey: GOOGLE_KEY,
      projectId: "acme-prod",
    });
    expect(saved.keyHint).toBe("••••6789");
    expect(JSON.stringify(saved)).not.toContain(GOOGLE_KEY);
    const [row] = await app.db.select().from(llmCredential).where(eq(llmCredential.id, saved.id));
    expect(row?.secret).not.toContain(GOOGLE_KEY);
    expect(row?.googleProjectId).toBe("acme-prod");
    const renamed = await world.ownerA.caller.llmCredentials.saveOrganizationLlmCredential({
      organizationId: world.orgA.id,
      credentialId: saved.id,
      values: { llmType: "google", name: "Gemini (prod)" },
    });
    expect(renamed.name).toBe("Gemini (prod)");
    expect(renamed.keyHint).toBe("••••6789");
    await world.ownerA.caller.llmCredentials.deleteOrganizationLlmCredential({
      organizationId: world.orgA.id,
      credentialId: saved.id,
    });
  });

  it("lets members see credentials and only owners and admins change them", async () => {
    await saveOpenAiCredential("Seen by members");
    const seen = await world.memberA.caller.llmCredentials.getOrganizationLlmCredentials({
      organizationId: world.orgA.id,
    });
    expect(seen.canManage).toBe(false);
    expect(seen.credentials.map((c) => c.name)).toContain("Seen by members");
    expect(
      await outcome(
        world.memberA.caller.llmCredentials.saveOrganizationLlmCredential({
          organizationId: world.orgA.id,
          values: { llmType: "openai", name: "Mine", apiKey: OPENAI_KEY },
        }),
      ),
    ).toBe("FORBIDDEN");
    expect(await outcome(world.adminA.caller.llmCredentials.getGlobalLlmCredentials())).toBe("FORBIDDEN");
  });
});

describe("marketplace", () => {
  it("offers Neo and presets with the integrations each needs and whether the organization has them", async () => {
    const agents = await world.ownerA.caller.marketplace.getAvailableAgents({
      organizationId: world.orgA.id,
    });
    expect(agents[0]?.id).toBe("neo");
    expect(agents.length).toBeGreaterThanOrEqual(5);
    const pipeline = agents.find((agent) => agent.id === "pipeline-review");
    expect(pipeline?.requires.map((r) => r.label)).toEqual(["A CRM", "A calendar"]);
    expect(pipeline?.ready).toBe(false);
    expect(pipeline?.requires[0]?.options.find((o) => o.id === "hubspot")?.connected).toBe(false);
    for (const agent of agents) expect(agent.instructions.length).toBeGreaterThan(80);
    const neo = await world.ownerA.caller.marketplace.getAgentById({ id: "neo" });
    expect(neo.ready).toBeNull();
    expect(await outcome(world.ownerA.caller.marketplace.getAgentById({ id: "nobody" }))).toBe("NOT_FOUND");
  });
});

describe("project agents", () => {
  it("adds Neo with requirements §5's defaults, and viewers cannot configure it", async () => {
    const added = await world.ownerA.caller.projectAgents.addToProject({
      projectId: world.projectA.id,
      presetId: "neo",
    });
    expect(added.toolName).toMatch(/^agent_neo/);
    const { agent } = await world.ownerA.caller.projectAgents.getProjectAgent({
      projectId: world.projectA.id,
      agentId: added.id,
    });
    expect(agent.agentType).toBe("neo-agent");
    expect(agent.maxSteps).toBe(30);
    expect(agent.models).toEqual({
      intentExtractor: "gpt-4.1-nano",
      serverSelector: "gpt-4.1-nano",
      planner: "gpt-4.1-mini",
      executor: "gpt-4.1",
    });
    // memberA has no project role yet: the project is not found for them.
    expect(
      await outcome(
        world.memberA.caller.projectAgents.getProjectAgentsByProjectId({ projectId: world.projectA.id }),
      ),
    ).toBe("NOT_FOUND");
    await world.ownerA.caller.projectPermissions.setProjectMemberRole({
      projectId: world.projectA.id,
      userId: world.memberA.id,
      role: "viewer",
    });
    const listed = await world.memberA.caller.projectAgents.getProjectAgentsByProjectId({
      projectId: world.projectA.id,
    });
    expect(listed.agents.map((a) => a.id)).toContain(added.id);
    expect(listed.permissions["agents.configure"]).toBe(false);
    expect(
      await outcome(
        world.memberA.caller.projectAgents.updateConfig({
          projectId: world.projectA.id,
          agentId: added.id,
          config: { ...agent, maxSteps: 5 },
        }),
      ),
    ).toBe("FORBIDDEN");
    await world.ownerA.caller.projectAgents.delete({ projectId: world.projectA.id, agentId: added.id });
  });

  it("validates the configuration: maxSteps 1–100, models of the credential's provider, own credentials", async () => {
    const { id } = await world.ownerA.caller.projectAgents.addToProject({
      projectId: world.projectA.id,
      presetId: "neo",
    });
    const credential = await saveOpenAiCredential("For validation");
    const { agent } = await world.ownerA.caller.projectAgents.getProjectAgent({
      projectId: world.projectA.id,
      agentId: id,
    });
    const update = (config: Record<string, unknown>) =>
      world.ownerA.caller.projectAgents.updateConfig({
        projectId: world.projectA.id,
        agentId: id,
        config: { ...agent, llmCredentialId: credential.id, ...config },
      });
    for (const maxSteps of [0, 101, 2.5]) {
      await expect(update({ maxSteps })).rejects.toThrow("Max steps must be a whole number from 1 to 100");
    }
    await expect(update({ models: { ...agent.models, executor: "claude-sonnet-4-5" } })).rejects.toThrow(
      /claude-sonnet-4-5 is not a OpenAI model/,
    );
    const other = await world.ownerB.caller.llmCredentials.saveOrganizationLlmCredential({
      organizationId: world.orgB.id,
      values: { llmType: "openai", name: "Bravo key", apiKey: OPENAI_KEY },
    });
    await expect(update({ llmCredentialId: other.id })).rejects.toThrow(/Choose an LLM credential/);
    await update({ maxSteps: 100 });
    const credentials = await world.ownerA.caller.llmCredentials.getOrganizationLlmCredentials({
      organizationId: world.orgA.id,
    });
    const used = credentials.credentials.find((c) => c.id === credential.id);
    expect(used?.usedBy.map((a) => a.id)).toEqual([id]);
    await world.ownerA.caller.projectAgents.delete({ projectId: world.projectA.id, agentId: id });
  });
});

async function neoWith(credentialId: string, config: Record<string, unknown> = {}) {
  const { id } = await world.ownerA.caller.projectAgents.addToProject({
    projectId: world.projectA.id,
    presetId: "neo",
  });
  const { agent } = await world.ownerA.caller.projectAgents.getProjectAgent({
    projectId: world.projectA.id,
    agentId: id,
  });
  await world.ownerA.caller.projectAgents.updateConfig({
    projectId: world.projectA.id,
    agentId: id,
    config: { ...agent, llmCredentialId: credentialId, ...config },
  });
  return { ...agent, id };
}

const startRun = (agentId: string, request: string) =>
  world.ownerA.caller.projectAgents.startRun({ projectId: world.projectA.id, agentId, request });

/** The text of the tool results an OpenAI Chat Completions request carries back to the model. */
const toolMessages = (body: Record<string, unknown>) =>
  (body.messages as { role: string; content: unknown }[])
    .filter((m) => m.role === "tool")
    .map((m) => String(m.content));

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
    flakyFailures = 1;
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

describe("watching a run", () => {
  it("pushes the plan, each step and the answer as the model writes it, then ends with the run", async () => {
    const neo = await neoWith((await saveOpenAiCredential("Watched")).id);
    const answer = "Acme renewal is open, and its QBR is on 30 November.";
    fake.script([
      { text: "Review deals and meetings.", delayMs: 60 },
      { text: '{"servers":["srv-crm","srv-cal"]}' },
      { text: "1. crm_list_deals\n2. calendar_find_meetings", delayMs: 60, pieceDelayMs: 60 },
      { toolCalls: [{ name: "crm_list_deals", args: { query: "open" } }], delayMs: 150 },
      { toolCalls: [{ name: "calendar_find_meetings", args: { query: "Acme" } }], delayMs: 150 },
      { text: answer, delayMs: 150, pieceDelayMs: 60 },
    ]);
    const { runId } = await startRun(neo.id, "Deals with meetings?");
    const events = await world.ownerA.caller.projectAgents.watchRun({ projectId: world.projectA.id, runId });
    const seen: {
      status: string;
      plan: number;
      draftPlan: string[] | null;
      steps: number;
      draft: string | null;
      answer: string | null;
    }[] = [];
    for await (const snapshot of events) {
      seen.push({
        status: snapshot.run.status,
        plan: snapshot.run.plan?.length ?? 0,
        draftPlan: snapshot.draftPlan,
        steps: snapshot.steps.length,
        draft: snapshot.draftAnswer,
        answer: snapshot.run.answer,
      });
    }
    // The subscription ended by itself with the finished run.
    expect(seen.at(-1)).toMatchObject({ status: "completed", steps: 2, answer, draft: null });
    // Seen while running: the plan's first line while the planner wrote it, the plan before any step,
    // then one step, then two.
    const running = seen.filter((s) => s.status === "running");
    expect(running.some((s) => s.plan === 0 && s.draftPlan?.length === 1)).toBe(true);
    expect(running.some((s) => s.plan === 2 && s.steps === 0)).toBe(true);
    expect(running.some((s) => s.steps === 1)).toBe(true);
    expect(running.map((s) => s.steps)).toEqual([...running.map((s) => s.steps)].sort());
    // The answer arrived in pieces before it was stored.
    const drafts = running.map((s) => s.draft).filter((d): d is string => Boolean(d));
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts.every((d) => answer.startsWith(d))).toBe(true);
    expect(drafts[0]?.length).toBeLessThan(answer.length);
  });

  it("refuses another project's member and a run of another project", async () => {
    const first = async (events: Promise<AsyncIterable<unknown>>) => {
      for await (const event of await events) return event;
    };
    await expect(
      first(world.ownerB.caller.projectAgents.watchRun({ projectId: world.projectA.id, runId: "nope" })),
    ).rejects.toMatchObject({ code: expect.stringMatching(/^(FORBIDDEN|NOT_FOUND)$/) });
    await expect(
      first(world.ownerA.caller.projectAgents.watchRun({ projectId: world.projectA.id, runId: "nope" })),
    ).rejects.toThrow("Run not found");
  });
});

describe("runs cut off by a restart", () => {
  it("marks a run whose process went quiet as interrupted, at startup and when runs are read", async () => {
    const neo = await neoWith((await saveOpenAiCredential("Crashed")).id);
    /** A running run as another process would have written it, its last heartbeat at `heartbeatAt`. */
    const insertRun = async (request: string, heartbeatAt?: Date) => {
      const [row] = await app.db
        .insert(agentRun)
        .values({
          agentId: neo.id,
          projectId: world.projectA.id,
          organizationId: world.orgA.id,
          channel: "app",
          userId: null,
          request,
          ...(heartbeatAt ? { heartbeatAt } : {}),
        })
        .returning({ id: agentRun.id });
      return String(row?.id);
    };
    const insertOrphan = () => insertRun("Cut off", new Date(Date.now() - STALE_AFTER_MS - 5_000));
    // What createApp does before serving.
    const atStartup = await insertOrphan();
    expect(await failInterruptedRuns(app.db)).toBeGreaterThanOrEqual(1);
    const [startup] = await app.db.select().from(agentRun).where(eq(agentRun.id, atStartup));
    expect(startup).toMatchObject({ status: "failed", error: INTERRUPTED_MESSAGE });
    expect(startup?.finishedAt).toBeInstanceOf(Date);
    // Found stale on reading (another process crashed while this one kept serving).
    const onRead = await insertOrphan();
    const runs = await world.ownerA.caller.projectAgents.listRuns({
      projectId: world.projectA.id,
      agentId: neo.id,
    });
    expect(runs.find((r) => r.id === onRead)?.status).toBe("failed");
    // A fresh heartbeat is left alone: it may be another process's live run.
    const live = await insertRun("Live elsewhere");
    await failInterruptedRuns(app.db);
    const [still] = await app.db.select().from(agentRun).where(eq(agentRun.id, live));
    expect(still?.status).toBe("running");
    await app.db.delete(agentRun).where(eq(agentRun.id, live));
  });

  it("on a clean stop, marks this process's runs interrupted at once", async () => {
    const neo = await neoWith((await saveOpenAiCredential("Stopped")).id);
    fake.script([
      { text: "Slow intent.", delayMs: 800 },
      { text: '{"servers":[]}' },
      { text: "1. Answer" },
      { text: "Done." },
    ]);
    const { runId } = await startRun(neo.id, "Take your time");
    expect(await interruptLiveRuns(app.db)).toBe(1);
    const [row] = await app.db.select().from(agentRun).where(eq(agentRun.id, runId));
    expect(row).toMatchObject({ status: "failed", error: INTERRUPTED_MESSAGE });
    // (In a real stop the process ends here; this one lets the run finish before the next test.)
    for (let i = 0; i < 200 && fake.remainingTurns() > 0; i++) await new Promise((r) => setTimeout(r, 25));
    await new Promise((r) => setTimeout(r, 100));
  });
});

describe("agents as /mcp tools", () => {
  it("lists each agent as a tool and runs it for an API key, storing the run", async () => {
    const credential = await saveOpenAiCredential("For MCP");
    const neo = await neoWith(credential.id);
    const key = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Claude" });
    const client = await connectMcpClient(app, key.secret);
    try {
      const { tools } = await client.listTools();
      const agentTool = tools.find((t) => t.name === neo.toolName);
      expect(agentTool?.inputSchema.required).toEqual(["request"]);
      fake.script([
        { text: "List deals." },
        { text: '{"servers":["srv-crm"]}' },
        { text: "1. crm_list_deals" },
        { toolCalls: [{ name: "crm_list_deals", args: {} }] },
        { text: "One open deal: Acme renewal." },
      ]);
      const progress: string[] = [];
      const result = await client.callTool(
        { name: neo.toolName, arguments: { request: "Open deals?" } },
        undefined,
        {
          onprogress: (update) => progress.push(String(update.message)),
        },
      );
      expect(progress).toEqual([
        "Understanding the request",
        "Choosing servers",
        "Planning",
        "Carrying out the plan",
        "Step 1: crm_list_deals",
      ]);
      expect(result.isError).toBeFalsy();
      const structured = result.structuredContent as { runId: string; status: string; answer: string };
      expect(structured.status).toBe("completed");
      expect(structured.answer).toBe("One open deal: Acme renewal.");
      const [stored] = await app.db.select().from(agentRun).where(eq(agentRun.id, structured.runId));
      expect(stored?.channel).toBe("gateway");
      const bad = await client.callTool({ name: neo.toolName, arguments: { request: "" } });
      expect(bad.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});

describe("agents on the REST facade", () => {
  it("describes the agent as an operation and runs it", async () => {
    const credential = await saveOpenAiCredential("For REST");
    const neo = await neoWith(credential.id);
    const key = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "n8n" });
    const rest = (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set("authorization", `Bearer ${key.secret}`);
      const request = new Request(`${app.config.baseUrl}${path}`, { ...init, headers });
      return handleRestRequest(app, request, new URL(request.url).pathname);
    };
    const document = await (await rest("/api/v1/openapi.json")).json();
    expect(document.paths[`/tools/${neo.toolName}`].post.operationId).toBe(neo.toolName);
    fake.script([
      { text: "Time." },
      { text: '{"servers":["standard"]}' },
      { text: "1. get_current_time" },
      { text: "It is noon." },
    ]);
    const response = await rest(`/api/v1/tools/${neo.toolName}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ request: "What time is it?" }),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).structuredContent).toMatchObject({
      status: "completed",
      answer: "It is noon.",
    });
  });
});
