// Agents added to a project: viewers see them and their runs, editors and admins add, configure and
// remove them. Every change reaches the project's /mcp at once, where each agent is a tool.

import { and, asc, count, desc, eq, max } from "drizzle-orm";
import { findMarketplaceAgent } from "../../lib/agents/marketplace.ts";
import { defaultModels, llmTypeLabels, MAX_STEPS_DEFAULT } from "../../lib/agents/models.ts";
import { agentConfigSchema, modelOutsideProvider } from "../../lib/agents/validation.ts";
import { AppError } from "../../lib/errors.ts";
import { allowedActions, projectPermissions } from "../../lib/permissions.ts";
import type { App } from "../app-services.ts";
import { recordProjectAuditEvent } from "../audit/record-audit-event.ts";
import type { Database } from "../db/client.ts";
import { agentRun, llmCredential, projectAgent } from "../db/schema/index.ts";
import { requireProjectAction } from "../projects/access.ts";
import { serversOfProject } from "../servers/server-store.ts";
import { serverDisplayName } from "../servers/server-tools.ts";
import { agentToolName } from "./agent-tool-name.ts";
import { findUsableCredential, openUsableCredential, usableBy } from "./credentials/llm-credential-store.ts";
import { listCredentialModels } from "./credentials/llm-model-list.ts";
import { failInterruptedRuns } from "./neo/run-liveness.ts";

export const AGENT_NOT_FOUND = "Agent not found";
export const UNKNOWN_PRESET = "Unknown marketplace agent";

type AgentRow = typeof projectAgent.$inferSelect;

export async function requireAgentOf(db: Database, projectId: string, agentId: string): Promise<AgentRow> {
  const [row] = await db
    .select()
    .from(projectAgent)
    .where(and(eq(projectAgent.projectId, projectId), eq(projectAgent.id, agentId)));
  if (!row) throw new AppError("NOT_FOUND", AGENT_NOT_FOUND);
  return row;
}

export async function getProjectAgentsByProjectId(db: Database, userId: string, projectId: string) {
  const access = await requireProjectAction(db, userId, projectId, "agents.view");
  const rows = await db
    .select({
      agent: projectAgent,
      credentialName: llmCredential.name,
      llmType: llmCredential.llmType,
    })
    .from(projectAgent)
    .leftJoin(llmCredential, eq(llmCredential.id, projectAgent.llmCredentialId))
    .where(eq(projectAgent.projectId, projectId))
    .orderBy(asc(projectAgent.createdAt));
  const runs = await db
    .select({ agentId: agentRun.agentId, runs: count(), lastRunAt: max(agentRun.startedAt) })
    .from(agentRun)
    .where(eq(agentRun.projectId, projectId))
    .groupBy(agentRun.agentId);
  const runsOf = new Map(runs.map((row) => [row.agentId, row]));
  return {
    agents: rows.map(({ agent, credentialName, llmType }) => ({
      id: agent.id,
      name: agent.name,
      presetId: agent.presetId,
      agentType: agent.agentType,
      toolName: agent.toolName,
      maxSteps: agent.maxSteps,
      models: agent.models,
      credential: credentialName && llmType ? { name: credentialName, llmType } : null,
      runs: runsOf.get(agent.id)?.runs ?? 0,
      lastRunAt: runsOf.get(agent.id)?.lastRunAt ?? null,
    })),
    permissions: allowedActions(projectPermissions, access.role),
  };
}

/** One agent with what its form needs: usable credentials and the project's servers. */
export async function getProjectAgent(app: App, userId: string, projectId: string, agentId: string) {
  const access = await requireProjectAction(app.db, userId, projectId, "agents.view");
  const agent = await requireAgentOf(app.db, projectId, agentId);
  const credentials = await app.db
    .select({
      id: llmCredential.id,
      name: llmCredential.name,
      llmType: llmCredential.llmType,
      scope: llmCredential.scope,
      baseUrl: llmCredential.baseUrl,
    })
    .from(llmCredential)
    .where(usableBy(access.project.organizationId))
    .orderBy(asc(llmCredential.scope), asc(llmCredential.name));
  const servers = (await serversOfProject(app.db, projectId)).map((server) => ({
    id: server.id,
    name: serverDisplayName(server),
    integrationId: server.integrationId,
  }));
  return {
    agent: {
      id: agent.id,
      name: agent.name,
      presetId: agent.presetId,
      agentType: agent.agentType,
      toolName: agent.toolName,
      llmCredentialId: agent.llmCredentialId,
      models: agent.models,
      maxSteps: agent.maxSteps,
      instructions: agent.instructions,
      allowedServerIds: agent.allowedServerIds,
      allowStandardTools: agent.allowStandardTools,
    },
    organizationId: access.project.organizationId,
    // A credential with a base URL names its server's own models (credentials/llm-model-list.ts); the
    // URL itself stays on the server.
    credentials: credentials.map(({ baseUrl, ...c }) => ({
      ...c,
      ownModels: baseUrl !== null,
      label: `${c.name} (${baseUrl ? "OpenAI-compatible" : llmTypeLabels[c.llmType]})`,
    })),
    servers,
    permissions: allowedActions(projectPermissions, access.role),
  };
}

export async function addAgentToProject(app: App, userId: string, projectId: string, presetId: string) {
  const access = await requireProjectAction(app.db, userId, projectId, "agents.configure");
  const preset = findMarketplaceAgent(presetId);
  if (!preset) throw new AppError("NOT_FOUND", UNKNOWN_PRESET);
  // With exactly one credential to choose from, the agent is ready to run as soon as it is added.
  const usable = await app.db
    .select({ id: llmCredential.id, llmType: llmCredential.llmType })
    .from(llmCredential)
    .where(usableBy(access.project.organizationId));
  const only = usable.length === 1 ? usable[0] : undefined;
  const taken = await app.db
    .select({ toolName: projectAgent.toolName })
    .from(projectAgent)
    .where(eq(projectAgent.projectId, projectId));
  const row = await app.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(projectAgent)
      .values({
        projectId,
        presetId: preset.id,
        agentType: preset.agentType,
        name: preset.name,
        toolName: agentToolName(preset.name, new Set(taken.map((t) => t.toolName))),
        llmCredentialId: only?.id ?? null,
        models: defaultModels[only?.llmType ?? "openai"],
        maxSteps: MAX_STEPS_DEFAULT,
        instructions: preset.instructions,
        allowedServerIds: null,
        allowStandardTools: true,
        createdBy: userId,
      })
      .returning();
    if (!inserted) throw new Error("agent insert returned no row");
    await recordProjectAuditEvent(tx, access.project, {
      action: "agent.created",
      actorId: userId,
      target: { type: "agent", id: inserted.id, label: inserted.name },
      details: { preset: preset.id, toolName: inserted.toolName },
    });
    return inserted;
  });
  await app.gateway.invalidateProject(projectId);
  return { id: row.id, name: row.name, toolName: row.toolName };
}

export async function updateAgentConfig(
  app: App,
  userId: string,
  projectId: string,
  agentId: string,
  input: unknown,
) {
  const access = await requireProjectAction(app.db, userId, projectId, "agents.configure");
  const agent = await requireAgentOf(app.db, projectId, agentId);
  const parsed = agentConfigSchema.safeParse(input);
  if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "Invalid input");
  const config = parsed.data;
  if (config.llmCredentialId) {
    const credential = await findUsableCredential(
      app.db,
      access.project.organizationId,
      config.llmCredentialId,
    );
    if (!credential) throw new AppError("BAD_REQUEST", "Choose an LLM credential of this organization");
    // A server of its own (a base URL) may name any model; the fixed lists are for the providers.
    const outside = credential.baseUrl ? null : modelOutsideProvider(config.models, credential.llmType);
    if (outside) {
      throw new AppError(
        "BAD_REQUEST",
        `${outside} is not ${withArticle(llmTypeLabels[credential.llmType])} model: choose models of the credential's provider`,
      );
    }
  }
  if (config.allowedServerIds) {
    const own = new Set((await serversOfProject(app.db, projectId)).map((server) => server.id));
    if (config.allowedServerIds.some((id) => !own.has(id)))
      throw new AppError("BAD_REQUEST", "Choose servers of this project");
  }
  await app.db.transaction(async (tx) => {
    await tx
      .update(projectAgent)
      .set({ ...config, updatedAt: new Date() })
      .where(and(eq(projectAgent.projectId, projectId), eq(projectAgent.id, agentId)));
    await recordProjectAuditEvent(tx, access.project, {
      action: "agent.updated",
      actorId: userId,
      target: { type: "agent", id: agentId, label: config.name },
      // A few settings, not the instructions: they may be long and private.
      details: {
        ...(agent.name === config.name ? {} : { from: agent.name, to: config.name }),
        maxSteps: config.maxSteps,
        allowStandardTools: config.allowStandardTools,
      },
    });
  });
  await app.gateway.invalidateProject(projectId);
  return { id: agentId };
}

export async function deleteProjectAgent(app: App, userId: string, projectId: string, agentId: string) {
  const access = await requireProjectAction(app.db, userId, projectId, "agents.configure");
  const agent = await requireAgentOf(app.db, projectId, agentId);
  await app.db.transaction(async (tx) => {
    await tx.delete(projectAgent).where(eq(projectAgent.id, agent.id));
    await recordProjectAuditEvent(tx, access.project, {
      action: "agent.deleted",
      actorId: userId,
      target: { type: "agent", id: agent.id, label: agent.name },
    });
  });
  await app.gateway.invalidateProject(projectId);
  return { id: agent.id, name: agent.name };
}

/** Past runs of an agent, newest first. */
export async function listAgentRuns(db: Database, userId: string, projectId: string, agentId: string) {
  await requireProjectAction(db, userId, projectId, "agents.view");
  await requireAgentOf(db, projectId, agentId);
  // A run cut off by a crash shows as interrupted, not as running forever.
  await failInterruptedRuns(db, projectId);
  const runs = await db
    .select({
      id: agentRun.id,
      status: agentRun.status,
      channel: agentRun.channel,
      request: agentRun.request,
      stepCount: agentRun.stepCount,
      inputTokens: agentRun.inputTokens,
      outputTokens: agentRun.outputTokens,
      startedAt: agentRun.startedAt,
      durationMs: agentRun.durationMs,
      continuesRunId: agentRun.continuesRunId,
    })
    .from(agentRun)
    .where(eq(agentRun.agentId, agentId))
    .orderBy(desc(agentRun.startedAt))
    .limit(50);
  // A continuation starts after the run that asked, so it is in the list whenever that run is.
  const continuationOf = new Map(
    runs.flatMap((run) => (run.continuesRunId ? [[run.continuesRunId, run.id]] : [])),
  );
  return runs.map((run) => ({ ...run, continuedByRunId: continuationOf.get(run.id) ?? null }));
}

/** "an OpenAI", "an Anthropic", "a Google": the article goes by the sound of the name. */
const withArticle = (name: string) => `${/^[AEIOU]/i.test(name) ? "an" : "a"} ${name}`;

/** The models the agent form offers for a credential: its server's own list when it has a base URL. */
export async function listModelsOfCredential(
  app: App,
  userId: string,
  projectId: string,
  credentialId: string,
) {
  const access = await requireProjectAction(app.db, userId, projectId, "agents.view");
  const credential = await openUsableCredential(app, access.project.organizationId, credentialId);
  if (!credential) throw new AppError("NOT_FOUND", "LLM credential not found");
  return listCredentialModels(app, credential);
}
