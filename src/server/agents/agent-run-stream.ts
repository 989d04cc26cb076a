// A run as it happens, for the run page's subscription (projectAgents.watchRun, over server-sent
// events): the stored run at once, then again after each change this process announces
// (neo/run-events.ts), with the answer as the model writes it; until the run ends. A run going on in
// another process announces nothing here, so the stored run is read again after a quiet second too.
import { AppError } from "../../lib/errors.ts";
import type { Database } from "../db/client.ts";
import { getAgentRun, readAgentRun } from "./agent-runs.ts";
import { parsePlan } from "./neo/plan.ts";
import { runWatchesEnded, subscribeRun } from "./neo/run-events.ts";

const QUIET_READ_MS = 1_000;

export type RunSnapshot = Awaited<ReturnType<typeof getAgentRun>> & {
  /** The plan's lines so far while the planner writes them; null once stored (run.plan) or before. */
  draftPlan: string[] | null;
  /** The answer so far while the model writes it; null once stored (run.answer) or before. */
  draftAnswer: string | null;
};

/**
 * Checks access and reads the run before anything is streamed, so a refusal or an unknown run is an
 * error of the call itself (with its code), not a failure in the middle of the stream.
 */
export async function watchAgentRun(
  db: Database,
  userId: string,
  projectId: string,
  runId: string,
  signal?: AbortSignal,
): Promise<AsyncGenerator<RunSnapshot>> {
  // Listening starts before the first read, so nothing written in between is missed.
  const events = subscribeRun(runId);
  try {
    const first = await getAgentRun(db, userId, projectId, runId);
    return streamAgentRun(db, userId, projectId, runId, first, events, signal);
  } catch (error) {
    events.close();
    throw error;
  }
}

const inProgress = (status: string) => status === "running" || status === "waiting_approval";

async function* streamAgentRun(
  db: Database,
  userId: string,
  projectId: string,
  runId: string,
  first: Awaited<ReturnType<typeof getAgentRun>>,
  events: ReturnType<typeof subscribeRun>,
  signal?: AbortSignal,
): AsyncGenerator<RunSnapshot> {
  try {
    let stored = first;
    let draft: string | null = null;
    let planText: string | null = null;
    let sent = JSON.stringify(stored);
    yield { ...stored, draftPlan: null, draftAnswer: null };
    // A run paused for approval goes on by itself once decided: it is watched as one running.
    while (inProgress(stored.run.status) && !signal?.aborted) {
      const batch = await events.next(QUIET_READ_MS, signal);
      // Aborted by the browser, or the process is stopping (the page reconnects, to another process).
      if (signal?.aborted || runWatchesEnded()) return;
      const quiet = batch.length === 0;
      for (const event of batch) {
        if (event.kind === "answer") draft = event.text || null;
        else if (event.kind === "plan") planText = event.text || null;
      }
      if (quiet || batch.some((event) => event.kind === "changed")) {
        // A quiet read checks access again and sweeps runs whose process is gone (run-liveness.ts).
        try {
          stored = quiet
            ? await getAgentRun(db, userId, projectId, runId)
            : await readAgentRun(db, projectId, runId);
        } catch (error) {
          // Access lost or the run deleted meanwhile: the stream ends, and watching again (as the page
          // does while a run goes on) answers with that error and its code.
          if (error instanceof AppError) return;
          throw error;
        }
        const now = JSON.stringify(stored);
        // A quiet second with nothing new stored sends nothing.
        if (quiet && now === sent) continue;
        sent = now;
      }
      const running = stored.run.status === "running";
      yield {
        ...stored,
        draftPlan: running && !stored.run.plan && planText ? parsePlan(planText) : null,
        draftAnswer: running ? draft : null,
      };
    }
  } finally {
    events.close();
  }
}
