// A project's agents and their runs: list agents, start a run, read runs.
import { z } from "zod";
import { idField } from "../../../lib/validation.ts";
import { getAgentRun, startAgentRun } from "../../agents/agent-runs.ts";
import { getProjectAgentsByProjectId, listAgentRuns } from "../../agents/project-agents.ts";
import type { App } from "../../app-services.ts";
import { registerListRoute } from "../list-route.ts";
import type { ManageApi } from "../manage-env.ts";
import { familyOperations, json, jsonBody } from "../operation.ts";
import { iso, wireFields } from "../wire.ts";
import { projectPath } from "./projects.ts";

const agentSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The marketplace agent it was added from. */
    presetId: z.string(),
    /** Its tool's name on /mcp. */
    toolName: z.string(),
    runs: z.number().int(),
    lastRunAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "Agent" });

const runSummarySchema = z
  .object({
    id: z.string(),
    /** running, completed, failed, max_steps, needs_input (and any state a later version adds). */
    status: z.string(),
    /** Where the run came from: app, gateway (an MCP client), schedule, … */
    channel: z.string(),
    request: z.string(),
    stepCount: z.number().int(),
    inputTokens: z.number().int(),
    outputTokens: z.number().int(),
    startedAt: z.iso.datetime(),
    durationMs: z.number().int().nullable(),
  })
  .meta({ id: "RunSummary" });

const runSchema = runSummarySchema
  .extend({
    agentId: z.string(),
    answer: z.string().nullable(),
    error: z.string().nullable(),
    finishedAt: z.iso.datetime().nullable(),
    steps: z.array(
      z.object({
        position: z.number().int(),
        toolName: z.string(),
        serverName: z.string(),
        isError: z.boolean(),
        resultSummary: z.string(),
        durationMs: z.number().int(),
      }),
    ),
  })
  .meta({ id: "Run" });

const agentPath = projectPath.extend({ agentId: idField });
interface RunRow {
  status: string;
  channel: string;
  request: string;
  stepCount: number;
  inputTokens: number;
  outputTokens: number;
  startedAt: Date;
  durationMs: number | null;
}

/** What RunSummary says of a run after its id (Run adds its agent between the two). */
const summaryFields = (run: RunRow) => ({
  status: run.status,
  channel: run.channel,
  request: run.request,
  stepCount: run.stepCount,
  inputTokens: run.inputTokens,
  outputTokens: run.outputTokens,
  startedAt: run.startedAt.toISOString(),
  durationMs: run.durationMs,
});

const agentOperation = familyOperations("agents", "Agents");

export function registerAgentRoutes(api: ManageApi, app: App) {
  const { db } = app;

  registerListRoute(api, agentOperation, {
    path: "/projects/{projectId}/agents",
    operationId: "listAgents",
    summary: "List a project's agents",
    params: projectPath,
    page: { item: agentSchema, id: "AgentPage", noun: "agents" },
    load: async (caller, { projectId }) =>
      (await getProjectAgentsByProjectId(db, caller.createdByUserId, projectId)).agents,
    toItem: (agent) => wireFields(agentSchema, agent),
  });

  api.openapi(
    agentOperation("write", {
      method: "post",
      path: "/projects/{projectId}/agents/{agentId}/runs",
      operationId: "startRun",
      summary: "Start a run of an agent",
      description: "Answers as soon as the run exists; read it with getRun until its status is final.",
      request: {
        params: agentPath,
        body: jsonBody(z.object({ request: z.string().max(20_000) }).meta({ id: "RunStart" })),
      },
      responses: {
        202: json(z.object({ runId: z.string() }).meta({ id: "RunStarted" }), "The run has started."),
      },
    }),
    async (c) => {
      const started = await startAgentRun(app, c.var.caller.createdByUserId, {
        ...c.req.valid("param"),
        request: c.req.valid("json").request,
      });
      return c.json(started, 202);
    },
  );

  api.openapi(
    agentOperation("read", {
      method: "get",
      path: "/projects/{projectId}/agents/{agentId}/runs",
      operationId: "listRuns",
      summary: "An agent's latest runs, newest first",
      request: { params: agentPath },
      responses: {
        200: json(z.object({ items: z.array(runSummarySchema) }).meta({ id: "RunList" }), "Up to 50 runs."),
      },
    }),
    async (c) => {
      const { projectId, agentId } = c.req.valid("param");
      const runs = await listAgentRuns(db, c.var.caller.createdByUserId, projectId, agentId);
      return c.json(
        {
          items: runs.map((run) => ({ id: run.id, ...summaryFields(run) })),
        },
        200,
      );
    },
  );

  api.openapi(
    agentOperation("read", {
      method: "get",
      path: "/projects/{projectId}/runs/{runId}",
      operationId: "getRun",
      summary: "A run with its answer and steps",
      request: { params: projectPath.extend({ runId: idField }) },
      responses: { 200: json(runSchema, "The run.") },
    }),
    async (c) => {
      const { projectId, runId } = c.req.valid("param");
      const { run, steps } = await getAgentRun(db, c.var.caller.createdByUserId, projectId, runId);
      return c.json(
        {
          id: run.id,
          agentId: run.agentId,
          ...summaryFields(run),
          answer: run.answer,
          error: run.error,
          finishedAt: iso(run.finishedAt),
          steps: steps.map((step) => ({
            position: step.position,
            toolName: step.toolName,
            serverName: step.serverName,
            isError: step.isError,
            resultSummary: step.resultSummary,
            durationMs: step.durationMs,
          })),
        },
        200,
      );
    },
  );
}
