// projectAgents.* (requirements §7): a project's agents, their configuration ('Configure Agent') and runs.
import { z } from "zod";
import { idField } from "../../../lib/validation.ts";
import { watchAgentRun } from "../../agents/agent-run-stream.ts";
import { getAgentRun, startAgentRun } from "../../agents/agent-runs.ts";
import { answerAgentQuestion } from "../../agents/answer-question.ts";
import { listRecipientChoices } from "../../agents/deliver-result.ts";
import {
  addAgentToProject,
  deleteProjectAgent,
  getProjectAgent,
  getProjectAgentsByProjectId,
  listAgentRuns,
  listModelsOfCredential,
  updateAgentConfig,
} from "../../agents/project-agents.ts";
import {
  createSchedule,
  createScheduleInput,
  deleteSchedule,
  listSchedules,
  setScheduleEnabled,
} from "../../agents/schedules/schedule-store.ts";
import {
  createTrigger,
  createTriggerInput,
  deleteTrigger,
  listTriggers,
  outlookTriggerAvailability,
  regenerateTriggerSecret,
} from "../../agents/triggers/trigger-store.ts";
import { onDb, projectProcedure, projectQuery, router } from "../init.ts";
import { byProject } from "../inputs.ts";

const byAgent = byProject.extend({ agentId: idField });

export const projectAgentsRouter = router({
  getProjectAgentsByProjectId: projectQuery("agents.view", onDb(getProjectAgentsByProjectId)),
  getProjectAgent: projectProcedure("agents.view", byAgent).query(({ ctx, input }) =>
    getProjectAgent(ctx.app, ctx.user.id, input.projectId, input.agentId),
  ),
  // The models a credential offers: its server's own (a base URL), or the provider's fixed list.
  listCredentialModels: projectProcedure("agents.view", byProject.extend({ credentialId: idField })).query(
    ({ ctx, input }) => listModelsOfCredential(ctx.app, ctx.user.id, input.projectId, input.credentialId),
  ),
  addToProject: projectProcedure("agents.configure", byProject.extend({ presetId: idField })).mutation(
    ({ ctx, input }) => addAgentToProject(ctx.app, ctx.user.id, input.projectId, input.presetId),
  ),
  // The configuration is validated by the domain with the form's own schema, so both show one message.
  updateConfig: projectProcedure("agents.configure", byAgent.extend({ config: z.unknown() })).mutation(
    ({ ctx, input }) => updateAgentConfig(ctx.app, ctx.user.id, input.projectId, input.agentId, input.config),
  ),
  delete: projectProcedure("agents.configure", byAgent).mutation(({ ctx, input }) =>
    deleteProjectAgent(ctx.app, ctx.user.id, input.projectId, input.agentId),
  ),
  startRun: projectProcedure("agents.run", byAgent.extend({ request: z.string().max(20_000) })).mutation(
    ({ ctx, input }) => startAgentRun(ctx.app, ctx.user.id, input),
  ),
  // Continues a run that asked a question: a new run with the answer, linked to the one that asked.
  answerQuestion: projectProcedure(
    "agents.run",
    byProject.extend({ runId: idField, answer: z.string().max(20_000) }),
  ).mutation(({ ctx, input }) => answerAgentQuestion(ctx.app, ctx.user.id, input)),
  listRuns: projectProcedure("agents.view", byAgent).query(({ ctx, input }) =>
    listAgentRuns(ctx.app.db, ctx.user.id, input.projectId, input.agentId),
  ),
  getRun: projectProcedure("agents.view", byProject.extend({ runId: idField })).query(({ ctx, input }) =>
    getAgentRun(ctx.app.db, ctx.user.id, input.projectId, input.runId),
  ),
  // Schedules: set by someone who may run agents (it runs as them); each change reaches the job queue.
  listSchedules: projectProcedure("agents.view", byAgent).query(({ ctx, input }) =>
    listSchedules(ctx.app, ctx.user.id, input.projectId, input.agentId),
  ),
  createSchedule: projectProcedure("agents.run", createScheduleInput).mutation(({ ctx, input }) =>
    createSchedule(ctx.app, ctx.user.id, input),
  ),
  setScheduleEnabled: projectProcedure(
    "agents.view",
    byProject.extend({ scheduleId: idField, enabled: z.boolean() }),
  ).mutation(({ ctx, input }) => setScheduleEnabled(ctx.app, ctx.user.id, input)),
  deleteSchedule: projectProcedure("agents.view", byProject.extend({ scheduleId: idField })).mutation(
    ({ ctx, input }) => deleteSchedule(ctx.app, ctx.user.id, input),
  ),
  // Who a schedule's or trigger's answers may be e-mailed to.
  listRecipientChoices: projectQuery("agents.view", listRecipientChoices),
  // Webhook triggers: made by someone who may run agents (runs act as them); the URL is shown once.
  listTriggers: projectProcedure("agents.view", byAgent).query(({ ctx, input }) =>
    listTriggers(ctx.app, ctx.user.id, input.projectId, input.agentId),
  ),
  createTrigger: projectProcedure("agents.run", createTriggerInput).mutation(({ ctx, input }) =>
    createTrigger(ctx.app, ctx.user.id, input),
  ),
  // Whether the project's Outlook connection lets this person make a "new Outlook mail" trigger.
  outlookTriggerAvailability: projectQuery("agents.view", outlookTriggerAvailability),
  regenerateTriggerSecret: projectProcedure("agents.view", byProject.extend({ triggerId: idField })).mutation(
    ({ ctx, input }) => regenerateTriggerSecret(ctx.app, ctx.user.id, input),
  ),
  deleteTrigger: projectProcedure("agents.view", byProject.extend({ triggerId: idField })).mutation(
    ({ ctx, input }) => deleteTrigger(ctx.app, ctx.user.id, input),
  ),
  // The run page's live view (server-sent events): the run as it changes, with the answer while it is
  // written, until the run ends.
  watchRun: projectProcedure("agents.view", byProject.extend({ runId: idField })).subscription(
    ({ ctx, input, signal }) => watchAgentRun(ctx.app.db, ctx.user.id, input.projectId, input.runId, signal),
  ),
});
