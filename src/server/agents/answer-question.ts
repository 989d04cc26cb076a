// Answering an agent's question from the run page: a run that ended "needs_input" goes on as a new run
// of the same agent with the original request and the person's answer, exactly as the /mcp path passes
// a `clarification` (runNeo appends it and the new run may not ask again), linked to the run that asked
// (agent_run.continues_run_id). Who may answer is who may start a run; a question is answered once.
import { and, eq } from "drizzle-orm";
import { clarificationField } from "../../lib/agents/validation.ts";
import { AppError } from "../../lib/errors.ts";
import type { App } from "../app-services.ts";
import { agentRun } from "../db/schema/index.ts";
import { requireProjectAction } from "../projects/access.ts";
import { launchAppRun, RUN_NOT_FOUND } from "./agent-runs.ts";
import { QUESTION_ALREADY_ANSWERED } from "./neo/run-store.ts";
import { requireAgentOf } from "./project-agents.ts";

export const RUN_NOT_ASKING =
  "This run is not waiting for an answer: only a run that asked a question can be answered.";

export async function answerAgentQuestion(
  app: App,
  userId: string,
  input: { projectId: string; runId: string; answer: string },
): Promise<{ runId: string }> {
  const access = await requireProjectAction(app.db, userId, input.projectId, "agents.run");
  const [asked] = await app.db
    .select()
    .from(agentRun)
    .where(and(eq(agentRun.projectId, input.projectId), eq(agentRun.id, input.runId)));
  if (!asked) throw new AppError("NOT_FOUND", RUN_NOT_FOUND);
  if (asked.status !== "needs_input") throw new AppError("BAD_REQUEST", RUN_NOT_ASKING);
  const answer = clarificationField.safeParse(input.answer);
  if (!answer.success) throw new AppError("BAD_REQUEST", answer.error.issues[0]?.message ?? "Invalid input");
  // Checked first for a clear message in the common case; the insert itself decides a race (run-store.ts).
  const [earlier] = await app.db
    .select({ id: agentRun.id })
    .from(agentRun)
    .where(eq(agentRun.continuesRunId, asked.id));
  if (earlier) throw new AppError("BAD_REQUEST", QUESTION_ALREADY_ANSWERED);
  const agent = await requireAgentOf(app.db, input.projectId, asked.agentId);
  return launchAppRun(app, userId, access.project.organizationId, agent, {
    // A run that asked was not given a clarification (run-neo.ts), so its request is the original one.
    request: asked.request,
    clarification: answer.data,
    continuesRunId: asked.id,
  });
}
