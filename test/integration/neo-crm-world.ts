// A test file's world with Neo added to project A on an OpenAI credential, a scripted LLM fake behind it,
// and one CRM tool (`crm_add_note`) that remembers the notes it was asked to add: the setting of the
// tests of Neo's clarifying question, asked over /mcp or in the app.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll } from "vitest";
import type { AppOptions } from "~/server/app.ts";
import type { App } from "~/server/app-services.ts";
import type { ToolSource } from "~/server/gateway/catalogue/project-tools.ts";
import { startLlmFake } from "../fakes/llm-providers.ts";
import { type World, worldForFile } from "./world.ts";

/** Builds the file's app (or its first replica) and world from config overrides and app options. */
export type WorldBuilder = (
  overrides: Record<string, string>,
  options: AppOptions,
) => Promise<{ app: App; world: World }>;

/** What Neo asks back before it acts, and the request that makes it ask. */
export const QUESTION = "Which customer should the note go to?";
export const REQUEST = "Add a note: call back next week";

export async function neoCrmWorld(openAiKey: string, build: WorldBuilder = worldForFile) {
  const notes: string[] = [];
  const crm: ToolSource = async () => [
    {
      name: "crm_add_note",
      title: "crm_add_note",
      description: "Adds a note to a customer in the CRM.",
      inputSchema: { type: "object", properties: { query: { type: "string" } } },
      annotations: {},
      serverId: "srv-crm",
      serverName: "HubSpot",
      async run(args): Promise<CallToolResult> {
        notes.push(String(args.query));
        return { content: [{ type: "text", text: `Note added: ${String(args.query)}` }] };
      },
    },
  ];

  const fake = await startLlmFake();
  afterAll(() => fake.close());
  fake.validKeys.add(openAiKey);
  const { app, world } = await build({ LLM_ENDPOINTS: fake.endpoints }, { extraToolSources: [crm] });

  const credential = await world.ownerA.caller.llmCredentials.saveOrganizationLlmCredential({
    organizationId: world.orgA.id,
    values: { llmType: "openai", name: "OpenAI", apiKey: openAiKey },
  });
  const { id: agentId } = await world.ownerA.caller.projectAgents.addToProject({
    projectId: world.projectA.id,
    presetId: "neo",
  });
  const { agent } = await world.ownerA.caller.projectAgents.getProjectAgent({
    projectId: world.projectA.id,
    agentId,
  });
  await world.ownerA.caller.projectAgents.updateConfig({
    projectId: world.projectA.id,
    agentId,
    config: { ...agent, llmCredentialId: credential.id },
  });
  /** The model asks first; after the answer, the run adds the note to the customer named. */
  const scriptAskThenAnswer = () =>
    fake.script([
      { text: `ASK: ${QUESTION}` },
      { text: "Add a call-back note to Acme." },
      { text: '{"servers":["srv-crm"]}' },
      { text: "1. crm_add_note" },
      { toolCalls: [{ name: "crm_add_note", args: { query: "Acme: call back next week" } }] },
      { text: "Added the call-back note to Acme." },
    ]);
  return { app, world, fake, notes, agentId, agent, scriptAskThenAnswer };
}
