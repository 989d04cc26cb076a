// Gives the background threads (the embedded database's among them) their normal CPU priority back
// while the call log falls behind, and SCHED_IDLE again once it has caught up (idle-background-threads.ts).
//
// Why: at SCHED_IDLE a thread runs only when no other thread wants the CPU. When something keeps both
// cores busy — a flood of 3,000 junk keys a second, which the request thread refuses without any
// database read, on a machine that also runs the flood's client (issue 42) — the database thread got
// no CPU at all: the call log's once-a-second write did not happen, its backlog reached the one-second
// bound, and every good key's tool call waited for it (p99 6.5× the one before the flood). SCHED_IDLE
// was chosen for a CPU with slack; this hands the database its normal share when there is none, before
// the bound is reached, and gives it up when the slack is back.
import { execFile } from "node:child_process";

/** The oldest unwritten call's age past which the database is behind (a flush starts at 500 ms). */
export const RAISE_AT_MS = 700;
/** Back to SCHED_IDLE once the call log has stayed under this age for CALM_FOR_MS. */
const CALM_BELOW_MS = 600;
const CALM_FOR_MS = 5_000;
const CHECK_EVERY_MS = 100;

export type Policy = "idle" | "normal";

/** One shell for all threads: each spawn from this process costs the request thread a fork. */
function setPolicy(threadIds: string[], policy: Policy): Promise<void> {
  const flag = policy === "idle" ? "--idle" : "--other";
  // A thread that has ended meanwhile fails its chrt; the others still change.
  const script = `for t in ${threadIds.join(" ")}; do chrt ${flag} --pid 0 "$t" 2>/dev/null; done; true`;
  return new Promise((resolve) => execFile("sh", ["-c", script], () => resolve()));
}

/**
 * Watches `lagMs` (the call log's oldest unwritten call, in ms) and switches `threadIds` between
 * SCHED_IDLE and the normal policy. Returns a function that stops watching. `change` is for tests.
 */
export function guardCallLogPriority(
  threadIds: string[],
  lagMs: () => number,
  change: (threadIds: string[], policy: Policy) => Promise<void> = setPolicy,
  now: () => number = () => performance.now(),
): () => void {
  if (threadIds.length === 0) return () => {};
  let raised = false;
  let switching = false;
  let calmSince: number | null = null;
  const check = () => {
    if (switching) return;
    const lag = lagMs();
    if (!raised && lag >= RAISE_AT_MS) {
      raised = true;
      calmSince = null;
      switching = true;
      void change(threadIds, "normal").finally(() => {
        switching = false;
      });
      return;
    }
    if (!raised) return;
    if (lag >= CALM_BELOW_MS) {
      calmSince = null;
      return;
    }
    calmSince ??= now();
    if (now() - calmSince < CALM_FOR_MS) return;
    raised = false;
    switching = true;
    void change(threadIds, "idle").finally(() => {
      switching = false;
    });
  };
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
