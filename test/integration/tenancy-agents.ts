// Organization A's agent data for the tenancy test: an LLM credential (written directly, sealed as the
// store seals it, since its key check needs a provider), a project agent using it and one stored run.

import { sealApiKey } from "~/server/agents/credentials/llm-secret.ts";
import type { App } from "~/server/app-services.ts";
import { agentRun, llmCredential } from "~/server/db/schema/index.ts";
import type { buildWorld } from "./world.ts";

export async function seedAgentOf(app: App, world: Awaited<ReturnType<typeof buildWorld>>) {
  const llmCredentialId = crypto.randomUUID();
  await app.db.insert(llmCredential).values({
    id: llmCredentialId,
    scope: "organization",
    organizationId: world.orgA.id,
    name: "Acme OpenAI",
    llmType: "openai",
    ...sealApiKey(app.keyring, llmCredentialId, "sk-acme-0123456789abcdef"),
  });
  const { id: agentId } = await world.ownerA.caller.projectAgents.addToProject({
    projectId: world.projectA.id,
    presetId: "neo",
  });
  const [run] = await app.db
    .insert(agentRun)
    .values({
      agentId,
      projectId: world.projectA.id,
      organizationId: world.orgA.id,
      channel: "app",
      userId: world.ownerA.id,
      request: "Acme's secret request",
      status: "completed",
    })
    .returning({ id: agentRun.id });
  if (!run) throw new Error("run insert returned no row");
  return { agentId, agentRunId: run.id, llmCredentialId };
}
