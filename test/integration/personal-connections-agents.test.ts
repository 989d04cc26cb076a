// Whose account an agent's steps use (issue 36): a run started in the app acts as the signed-in person;
// an agent called over /mcp acts as its caller (a project key as nobody, so its personal-mode step is
// refused); call_tool in search mode runs the named tool as the caller. Each step's Gmail request
// carries only that person's token.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startLlmFake } from "../fakes/llm-providers.ts";
import { connectMcpClient } from "../support/mcp-client.ts";
import { OAuthTestClient } from "../support/oauth-client.ts";
import { startPersonalWorld } from "./personal-world.ts";
import { textOf } from "./tool-pack.ts";

const OPENAI_KEY = "sk-test-openai-0123456789";
const llm = await startLlmFake();
llm.validKeys.add(OPENAI_KEY);
const { app, world, gmail, serverId, connectOwnGoogle } = await startPersonalWorld({
  LLM_ENDPOINTS: llm.endpoints,
});
const clients: Client[] = [];
let agent: { id: string; toolName: string };
const tokens = new Map<string, string>();

async function mcpAs(token: string) {
  const client = await connectMcpClient(app, token);
  clients.push(client);
  return client;
}

/** Neo's five model turns for a one-step plan that searches Gmail. */
function scriptGmailSearch() {
  llm.script([
    { text: "Find the latest mail." },
    { text: `\`\`\`json\n{"servers": ["${serverId}"]}\n\`\`\`` },
    { text: "1. Search the inbox with gmail_search_messages" },
    { toolCalls: [{ name: "gmail_search_messages", args: { q: "in:inbox" } }] },
    { text: "Done." },
  ]);
}

/** The Authorization headers Gmail received while `work` ran. */
async function bearersDuring(work: () => Promise<unknown>) {
  const from = gmail.requests.length;
  await work();
  return [...new Set(gmail.requests.slice(from).map((request) => request.headers.authorization))];
}

beforeAll(async () => {
  const credential = await world.ownerA.caller.llmCredentials.saveOrganizationLlmCredential({
    organizationId: world.orgA.id,
    values: { llmType: "openai", name: "OpenAI", apiKey: OPENAI_KEY },
  });
  const { id } = await world.ownerA.caller.projectAgents.addToProject({
    projectId: world.projectA.id,
    presetId: "neo",
  });
  const { agent: config } = await world.ownerA.caller.projectAgents.getProjectAgent({
    projectId: world.projectA.id,
    agentId: id,
  });
  await world.ownerA.caller.projectAgents.updateConfig({
    projectId: world.projectA.id,
    agentId: id,
    config: { ...config, llmCredentialId: credential.id },
  });
  agent = { id, toolName: config.toolName };
  for (const who of [world.ownerA, world.memberA]) tokens.set(who.id, await connectOwnGoogle(who));
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await llm.close();
});

describe("agents and personal connections", () => {
  it("a run started in the app acts as the person who started it", async () => {
    for (const who of [world.memberA, world.ownerA]) {
      scriptGmailSearch();
      const used = await bearersDuring(async () => {
        const { runId } = await who.caller.projectAgents.startRun({
          projectId: world.projectA.id,
          agentId: agent.id,
          request: "What is in my inbox?",
        });
        await vi.waitFor(
          async () => {
            const detail = await who.caller.projectAgents.getRun({ projectId: world.projectA.id, runId });
            if (detail.run.status === "running") throw new Error("still running");
          },
          { timeout: 5_000, interval: 25 },
        );
      });
      expect(used).toEqual([`Bearer ${tokens.get(who.id)}`]);
    }
  });

  it("an agent called over /mcp acts as its caller; with a project key its personal step is refused", async () => {
    const memberKey = await world.memberA.caller.apiKeys.create({
      projectId: world.projectA.id,
      name: "Member's",
      kind: "personal",
    });
    scriptGmailSearch();
    const viaMember = await mcpAs(memberKey.secret);
    expect(
      await bearersDuring(() =>
        viaMember.callTool({ name: agent.toolName, arguments: { request: "Inbox?" } }),
      ),
    ).toEqual([`Bearer ${tokens.get(world.memberA.id)}`]);

    const projectKey = await world.ownerA.caller.apiKeys.create({
      projectId: world.projectA.id,
      name: "Service",
    });
    scriptGmailSearch();
    const viaService = await mcpAs(projectKey.secret);
    let result: CallToolResult | undefined;
    expect(
      await bearersDuring(async () => {
        result = (await viaService.callTool({
          name: agent.toolName,
          arguments: { request: "Inbox?" },
        })) as CallToolResult;
      }),
    ).toEqual([]);
    expect(textOf(result as CallToolResult)).toContain("gmail_search_messages (failed)");
  });

  it("call_tool in search mode runs the named tool as the caller", async () => {
    await world.ownerA.caller.project.setToolDiscovery({
      projectId: world.projectA.id,
      toolDiscovery: "search",
    });
    const client = await OAuthTestClient.register(app, { client_name: "Member's Claude" });
    const { access_token } = await client.connect(world.memberA.cookie, world.projectA.id);
    const viaOAuth = await mcpAs(access_token);
    expect(
      await bearersDuring(() =>
        viaOAuth.callTool({
          name: "call_tool",
          arguments: { name: "gmail_search_messages", arguments: { q: "in:inbox" } },
        }),
      ),
    ).toEqual([`Bearer ${tokens.get(world.memberA.id)}`]);
  });
});
