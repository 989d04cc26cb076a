// Agents end to end in process: LLM credentials, the marketplace and project agents with their configuration (requirements §5 messages, the key checked with the provider, encrypted at rest).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { llmCredential } from "~/server/db/schema/index.ts";
import { agentsWorld, GOOGLE_KEY, OPENAI_KEY } from "./agents-world.ts";
import { outcome } from "./world.ts";

const { app, world, fake, saveOpenAiCredential } = await agentsWorld();

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
      /claude-sonnet-4-5 is not an OpenAI model/,
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
