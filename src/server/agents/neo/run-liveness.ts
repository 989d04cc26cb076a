// Runs cut off by a restart must not stay "running" forever. The process running a run renews its
// heartbeat every few seconds; a clean stop marks its own runs interrupted; and a run whose heartbeat
// has gone quiet (a crash) is marked interrupted at startup and whenever runs are read. Several
// processes may share the database: only a heartbeat older than a few renewals counts as dead.
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { agentRun } from "../../db/schema/index.ts";
import { reportError } from "../../observability/report-error.ts";
import { publishRun } from "./run-events.ts";

export const INTERRUPTED_MESSAGE =
  "The run was interrupted: the server stopped while it was in progress. Run the agent again.";

const HEARTBEAT_MS = 5_000;
/** Four missed renewals: a live run's heartbeat is never this old. */
export const STALE_AFTER_MS = 4 * HEARTBEAT_MS;

interface Liveness {
  live: Set<string>;
  timer: ReturnType<typeof setInterval> | null;
}
const byDatabase = new WeakMap<Database, Liveness>();

function livenessOf(db: Database): Liveness {
  let liveness = byDatabase.get(db);
  if (!liveness) {
    liveness = { live: new Set(), timer: null };
    byDatabase.set(db, liveness);
  }
  return liveness;
}

async function renew(db: Database, runIds: string[]) {
  if (runIds.length === 0) return;
  await db
    .update(agentRun)
    .set({ heartbeatAt: sql`now()` })
    .where(and(inArray(agentRun.id, runIds), inArray(agentRun.status, ["running", "waiting_approval"])));
}

/** Keeps a run's heartbeat fresh while it goes on in this process; the returned function ends that. */
export function trackRun(db: Database, runId: string): () => void {
  const liveness = livenessOf(db);
  liveness.live.add(runId);
  liveness.timer ??= setInterval(() => {
    renew(db, [...liveness.live]).catch((error: unknown) => reportError(error, { where: "run-heartbeat" }));
  }, HEARTBEAT_MS);
  // The timer never keeps the process alive on its own.
  liveness.timer.unref?.();
  return () => {
    liveness.live.delete(runId);
    if (liveness.live.size === 0 && liveness.timer) {
      clearInterval(liveness.timer);
      liveness.timer = null;
    }
  };
}

async function markInterrupted(db: Database, where: ReturnType<typeof and>) {
  const rows = await db
    .update(agentRun)
    .set({ status: "failed", error: INTERRUPTED_MESSAGE, finishedAt: sql`now()` })
    .where(and(eq(agentRun.status, "running"), where))
    .returning({ id: agentRun.id });
  for (const row of rows) publishRun(row.id, { kind: "changed" });
  return rows.length;
}

/** Marks runs whose process is gone (no heartbeat for STALE_AFTER_MS) as interrupted; optionally of one project. */
export function failInterruptedRuns(db: Database, projectId?: string): Promise<number> {
  const stale = lt(agentRun.heartbeatAt, sql`now() - make_interval(secs => ${STALE_AFTER_MS / 1000})`);
  return markInterrupted(db, projectId ? and(stale, eq(agentRun.projectId, projectId)) : stale);
}

/** On a clean stop: this process's runs end now, marked interrupted, instead of waiting to go stale. */
export async function interruptLiveRuns(db: Database): Promise<number> {
  const liveness = byDatabase.get(db);
  if (!liveness || liveness.live.size === 0) return 0;
  const ids = [...liveness.live];
  liveness.live.clear();
  if (liveness.timer) clearInterval(liveness.timer);
  liveness.timer = null;
  // A run paused for approval is not cut off: released, another process goes on with it when decided.
  await db
    .update(agentRun)
    .set({ heartbeatAt: new Date(0) })
    .where(and(inArray(agentRun.id, ids), eq(agentRun.status, "waiting_approval")));
  return markInterrupted(db, inArray(agentRun.id, ids));
}
