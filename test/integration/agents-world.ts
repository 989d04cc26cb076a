// A test file's world for the agents tests: local fakes of the OpenAI, Anthropic and Google APIs that accept
// the keys below, and tools on two servers (a CRM and a calendar) reached through the gateway's own runTool,
// with the helpers the tests share to save a credential, add Neo and start and await its runs.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeEach, vi } from "vitest";
import type { AppOptions } from "~/server/app.ts";
import type { ToolSource } from "~/server/gateway/catalogue/project-tools.ts";
import type { GatewayTool } from "~/server/gateway/catalogue/tool-types.ts";
import { startLlmFake } from "../fakes/llm-providers.ts";
import { worldForFile } from "./world.ts";

export const OPENAI_KEY = "sk-test-openai-0123456789";
export const ANTHROPIC_KEY = "anthropic-test-key-0123456789";
export const GOOGLE_KEY = "google-test-key-0123456789";

/** `overrides` and `options` go to the app beside the fakes' endpoints and the two servers. */
export async function agentsWorld(overrides: Record<string, string> = {}, options: AppOptions = {}) {
  const toolRuns: { name: string; args: Record<string, unknown> }[] = [];
  /** How many more calls of calendar_flaky_search fail before it answers. */
  const flaky = { failures: 0 };

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
      if (flaky.failures-- > 0)
        return { isError: true, content: [{ type: "text", text: "Calendar API: 503" }] };
      return text("[]");
    }),
  ];

  const fake = await startLlmFake();
  afterAll(() => fake.close());
  fake.validKeys.add(OPENAI_KEY).add(ANTHROPIC_KEY).add(GOOGLE_KEY);
  const { app, world } = await worldForFile(
    { LLM_ENDPOINTS: fake.endpoints, ...overrides },
    { extraToolSources: [twoServers], ...options },
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
        const detail = await world.ownerA.caller.projectAgents.getRun({
          projectId: world.projectA.id,
          runId,
        });
        if (detail.run.status === "running") throw new Error("run did not finish");
        return detail;
      },
      { timeout: 5_000, interval: 25 },
    );
  }

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

  const helpers = { saveOpenAiCredential, neoWith, startRun, waitForRun, toolMessages };
  return { app, world, fake, toolRuns, flaky, ...helpers };
}
