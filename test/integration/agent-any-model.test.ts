// Any model (issue 39): a credential with a base URL (here the OpenAI-compatible fake standing for an
// Ollama server that serves llama3.1:8b) lists that server's own models, accepts a name of its own in
// the agent's configuration, and Neo runs with it: every model call names llama3.1:8b.
import { describe, expect, it } from "vitest";
import { agentsWorld, OPENAI_KEY } from "./agents-world.ts";

// The fake listens on loopback: a base URL there is allowed only with ALLOW_PRIVATE_URLS.
const { world, fake, neoWith, startRun, waitForRun } = await agentsWorld({ ALLOW_PRIVATE_URLS: "true" });

describe("a credential with a base URL", () => {
  it("lists the server's models, takes its names, and runs Neo with one", async () => {
    fake.openaiModels.splice(0, fake.openaiModels.length, "llama3.1:8b", "qwen2.5:7b");
    const credential = await world.ownerA.caller.llmCredentials.saveOrganizationLlmCredential({
      organizationId: world.orgA.id,
      values: { llmType: "openai", name: "Ollama", apiKey: OPENAI_KEY, baseUrl: `${fake.url}/openai/v1` },
    });
    const listed = await world.ownerA.caller.projectAgents.listCredentialModels({
      projectId: world.projectA.id,
      credentialId: credential.id,
    });
    expect(listed).toEqual({ models: ["llama3.1:8b", "qwen2.5:7b"], freeText: true, error: null });
    const llama = {
      intentExtractor: "llama3.1:8b",
      serverSelector: "llama3.1:8b",
      planner: "llama3.1:8b",
      executor: "llama3.1:8b",
    };
    const neo = await neoWith(credential.id, { models: llama });
    const { agent, credentials } = await world.ownerA.caller.projectAgents.getProjectAgent({
      projectId: world.projectA.id,
      agentId: neo.id,
    });
    expect(agent.models).toEqual(llama);
    expect(credentials.find((each) => each.id === credential.id)).toMatchObject({
      ownModels: true,
      label: "Ollama (OpenAI-compatible)",
    });

    fake.script([
      { text: "List open deals." },
      { text: '{"servers":["srv-crm"]}' },
      { text: "1. List deals with crm_list_deals" },
      { toolCalls: [{ name: "crm_list_deals", args: { query: "open" } }] },
      { text: "One open deal: Acme renewal." },
    ]);
    const before = fake.calls().length;
    const { runId } = await startRun(neo.id, "Which deals are open?");
    const { run } = await waitForRun(runId);
    expect(run).toMatchObject({ status: "completed", answer: "One open deal: Acme renewal." });
    // Token economy: the selected server's 2 tools went with each of the executor's 2 turns; all 4 of the
    // project's tools would have cost more.
    const economy = run.toolListTokens;
    expect(economy?.turns).toBe(2);
    expect(economy?.offered).toBeGreaterThan(20);
    expect(economy?.all).toBeGreaterThan(economy?.offered ?? 0);
    const models = fake
      .calls()
      .slice(before)
      .map((call) => call.body.model);
    expect(models).toHaveLength(5);
    expect(new Set(models)).toEqual(new Set(["llama3.1:8b"]));
  });

  it("keeps the fixed list for a provider's own API and names the provider with its article", async () => {
    const credential = await world.ownerA.caller.llmCredentials.saveOrganizationLlmCredential({
      organizationId: world.orgA.id,
      values: { llmType: "openai", name: "OpenAI", apiKey: OPENAI_KEY },
    });
    const listed = await world.ownerA.caller.projectAgents.listCredentialModels({
      projectId: world.projectA.id,
      credentialId: credential.id,
    });
    expect(listed.freeText).toBe(false);
    expect(listed.models).toContain("gpt-4.1");
    const neo = await neoWith(credential.id);
    const { agent } = await world.ownerA.caller.projectAgents.getProjectAgent({
      projectId: world.projectA.id,
      agentId: neo.id,
    });
    await expect(
      world.ownerA.caller.projectAgents.updateConfig({
        projectId: world.projectA.id,
        agentId: neo.id,
        config: { ...agent, models: { ...agent.models, planner: "llama3.1:8b" } },
      }),
    ).rejects.toThrow("llama3.1:8b is not an OpenAI model");
  });
});
