// Writing an agent run as it happens: the run row first, then the intent, selection and plan as each
// stage ends, each tool step as it finishes, and the totals at the end. Each write tells the run's
// listeners (run-events.ts), which is how the run page shows a run in progress as it happens.
import { eq, sql } from "drizzle-orm";
import { AppError } from "../../../lib/errors.ts";
import type { Database } from "../../db/client.ts";
import { type AgentRunChannel, type AgentRunStatus, agentRun, agentRunStep } from "../../db/schema/index.ts";
import { publishRun } from "./run-events.ts";

const changed = (runId: string) => publishRun(runId, { kind: "changed" });

export const RESULT_SUMMARY_CHARS = 500;

export const QUESTION_ALREADY_ANSWERED =
  "This question was already answered: the agent went on in another run. Open that run, or start a new one.";

export async function createRun(
  db: Database,
  values: {
    agentId: string;
    projectId: string;
    organizationId: string;
    channel: AgentRunChannel;
    userId: string | null;
    request: string;
    /** The person's answer to a question, and the run that asked it when known. */
    clarification?: string | null;
    continuesRunId?: string | null;
    scheduleId?: string | null;
    triggerId?: string | null;
  },
): Promise<string> {
  // A question is answered once: a second continuation of the same run is not inserted (the unique
  // index decides, so two answers sent together cannot both start a run).
  const [row] = await db
    .insert(agentRun)
    .values(values)
    .onConflictDoNothing({ target: agentRun.continuesRunId })
    .returning({ id: agentRun.id });
  if (!row) {
    if (values.continuesRunId) throw new AppError("BAD_REQUEST", QUESTION_ALREADY_ANSWERED);
    throw new Error("agent run insert returned no row");
  }
  return row.id;
}

export async function updateRun(
  db: Database,
  runId: string,
  values: Partial<
    Pick<typeof agentRun.$inferInsert, "intent" | "selectedServers" | "plan" | "toolListTokens">
  >,
) {
  await db.update(agentRun).set(values).where(eq(agentRun.id, runId));
  changed(runId);
}

export async function addTokens(db: Database, runId: string, input: number, output: number) {
  if (input === 0 && output === 0) return;
  await db
    .update(agentRun)
    .set({
      inputTokens: sql`${agentRun.inputTokens} + ${input}`,
      outputTokens: sql`${agentRun.outputTokens} + ${output}`,
    })
    .where(eq(agentRun.id, runId));
  changed(runId);
}

export interface StepRow {
  position: number;
  toolName: string;
  serverName: string;
  arguments: Record<string, unknown>;
  resultText: string;
  isError: boolean;
  durationMs: number;
  /** Tokens of the model turn that asked for this call (the first call of a turn carries them). */
  tokens: number;
}

/**
 * Tool steps of a run, several in one insert (step-writes.ts gathers them), and the run's step count
 * (which the live run page watches) in the same statement: one round trip to the database.
 */
export async function recordSteps(db: Database, runId: string, steps: StepRow[]): Promise<void> {
  if (steps.length === 0) return;
  const rows = steps.map(
    (step) => sql`(${crypto.randomUUID()}, ${runId}, ${step.position}, ${step.toolName}, ${step.serverName},
      ${JSON.stringify(step.arguments)}::jsonb, ${summaryOf(step.resultText)}, ${step.isError},
      ${Math.round(step.durationMs)}, ${step.tokens})`,
  );
  await db.execute(sql`
    with inserted as (
      insert into ${agentRunStep} (id, run_id, position, tool_name, server_name, arguments, result_summary,
        is_error, duration_ms, tokens)
      values ${sql.join(rows, sql`, `)}
      returning 1
    )
    update ${agentRun} set step_count = step_count + (select count(*) from inserted)::int
    where id = ${runId}`);
  changed(runId);
}

const summaryOf = (text: string) =>
  text.length > RESULT_SUMMARY_CHARS ? `${text.slice(0, RESULT_SUMMARY_CHARS)}…` : text;

export async function finishRun(
  db: Database,
  runId: string,
  outcome: { status: Exclude<AgentRunStatus, "running">; answer: string | null; error: string | null },
  startedAt: number,
) {
  await db
    .update(agentRun)
    .set({ ...outcome, finishedAt: new Date(), durationMs: Math.round(performance.now() - startedAt) })
    .where(eq(agentRun.id, runId));
  changed(runId);
}
