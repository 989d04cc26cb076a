// Agent runs from the app: an editor starts one and gets its id at once, while the run goes on in the
// background writing each stage and step; the run page watches it (agent-run-stream.ts) until it ends.
import { and, asc, eq } from "drizzle-orm";
import { agentRequestField } from "../../lib/agents/validation.ts";
import { AppError } from "../../lib/errors.ts";
import type { App } from "../app-services.ts";
import type { Database } from "../db/client.ts";
import { agentRun, agentRunStep, type projectAgent } from "../db/schema/index.ts";
import { personPrincipal } from "../gateway/auth/principal.ts";
import { reportError } from "../observability/report-error.ts";
import { requireProjectAction } from "../projects/access.ts";
import { failInterruptedRuns } from "./neo/run-liveness.ts";
import { runNeo } from "./neo/run-neo.ts";
import { requireAgentOf } from "./project-agents.ts";

export const RUN_NOT_FOUND = "Run not found";

export async function startAgentRun(
  app: App,
  userId: string,
  input: { projectId: string; agentId: string; request: string },
): Promise<{ runId: string }> {
  const access = await requireProjectAction(app.db, userId, input.projectId, "agents.run");
  const agent = await requireAgentOf(app.db, input.projectId, input.agentId);
  const request = agentRequestField.safeParse(input.request);
  if (!request.success)
    throw new AppError("BAD_REQUEST", request.error.issues[0]?.message ?? "Invalid input");
  return launchAppRun(app, userId, access.project.organizationId, agent, { request: request.data });
}

/**
 * Starts a run for a signed-in person whose access is checked, in the background, and answers with
 * its id as soon as the run exists (a run refused before it starts, such as one without a credential,
 * rejects instead). Also how an answer to an agent's question continues it (answer-question.ts).
 */
export async function launchAppRun(
  app: App,
  userId: string,
  organizationId: string,
  agent: typeof projectAgent.$inferSelect,
  run: { request: string; clarification?: string; continuesRunId?: string },
): Promise<{ runId: string }> {
  // Started in the app: the run acts as the signed-in person, with their own connections.
  const principal = personPrincipal({
    projectId: agent.projectId,
    organizationId,
    userId,
    callerName: `Agent ${agent.name}`,
  });
  let created!: (runId: string) => void;
  const runCreated = new Promise<string>((resolve) => {
    created = resolve;
  });
  const finished = runNeo(app, {
    agent,
    principal,
    ...run,
    channel: "app",
    userId,
    onRunCreated: created,
  });
  finished.catch((error: unknown) => {
    if (!(error instanceof AppError)) reportError(error, { where: "agent-run" });
  });
  // A run refused before it starts (no credential) rejects here; otherwise its id comes first.
  return { runId: await Promise.race([runCreated, finished.then((result) => result.runId)]) };
}

export async function getAgentRun(db: Database, userId: string, projectId: string, runId: string) {
  await requireProjectAction(db, userId, projectId, "agents.view");
  await failInterruptedRuns(db, projectId);
  return readAgentRun(db, projectId, runId);
}

/** The stored run and its steps, for a caller that has checked access already. */
export async function readAgentRun(db: Database, projectId: string, runId: string) {
  const [run] = await db
    .select()
    .from(agentRun)
    .where(and(eq(agentRun.projectId, projectId), eq(agentRun.id, runId)));
  if (!run) throw new AppError("NOT_FOUND", RUN_NOT_FOUND);
  const steps = await db
    .select()
    .from(agentRunStep)
    .where(eq(agentRunStep.runId, run.id))
    .orderBy(asc(agentRunStep.position));
  return { run, steps, conversation: await conversationOf(db, run) };
}

/**
 * Where a run stands in a conversation with the person: the question an earlier run asked, its
 * request as the person wrote it and the answer this run works with; and the run that went on after
 * this one's question was answered.
 */
async function conversationOf(db: Database, run: typeof agentRun.$inferSelect) {
  const [asked] = run.continuesRunId
    ? await db
        .select({ runId: agentRun.id, question: agentRun.answer, request: agentRun.request })
        .from(agentRun)
        .where(and(eq(agentRun.projectId, run.projectId), eq(agentRun.id, run.continuesRunId)))
    : [];
  const [continuation] = await db
    .select({ runId: agentRun.id })
    .from(agentRun)
    .where(and(eq(agentRun.projectId, run.projectId), eq(agentRun.continuesRunId, run.id)));
  return {
    answers: asked ? { ...asked, clarification: run.clarification } : null,
    continuedByRunId: continuation?.runId ?? null,
  };
}
