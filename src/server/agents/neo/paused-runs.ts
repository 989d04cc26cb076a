// A run's pause for approval, and its end (waiting-runs.ts says who goes on with it): the row says
// "waiting_approval" and keeps what any process needs to go on; the process that waits takes it back
// when the step is decided, or releases it when it stops waiting.
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { agentRun, type WaitingStep } from "../../db/schema/index.ts";
import { publishRun } from "./run-events.ts";

export interface Paused {
  runId: string;
  step: WaitingStep;
}

export const WAITING_ANSWER =
  "The run waits for a reviewer to approve a step. It goes on by itself once the step is decided; follow it on the run's page.";

/** The run waits for approval of this step: visible as such, and resumable by any process. */
export async function pauseForApproval(
  db: Database,
  runId: string,
  step: WaitingStep,
): Promise<Paused | null> {
  const [row] = await db
    .update(agentRun)
    .set({ status: "waiting_approval", waitingStep: step })
    .where(and(eq(agentRun.id, runId), eq(agentRun.status, "running")))
    .returning({ id: agentRun.id });
  publishRun(runId, { kind: "changed" });
  return row ? { runId, step } : null;
}

/** The process still waiting takes its run back when the step is decided; false if another took it. */
export async function takeBackPausedRun(db: Database, runId: string): Promise<boolean> {
  const rows = await db
    .update(agentRun)
    .set({ status: "running", waitingStep: null, heartbeatAt: sql`now()` })
    .where(and(eq(agentRun.id, runId), eq(agentRun.status, "waiting_approval")))
    .returning({ id: agentRun.id });
  publishRun(runId, { kind: "changed" });
  return rows.length > 0;
}

/** This process stops waiting on the run (its request ended, or it stops): another may take it now. */
export async function releasePausedRun(db: Database, runId: string): Promise<void> {
  await db
    .update(agentRun)
    .set({ heartbeatAt: new Date(0) })
    .where(and(eq(agentRun.id, runId), eq(agentRun.status, "waiting_approval")));
}
