// Puts the server process's background threads on Linux's SCHED_IDLE policy, so they only get CPU time
// that nothing else wants: V8's platform threads (helpers of the garbage collector, concurrent
// compilers) and the embedded database's thread (pglite-thread.ts), whose main load is writing the call
// log. The request thread and libuv's pool (which does the requests' file, DNS and crypto work) keep
// the normal policy.
//
// Why: on a 2-core machine at 2,000 tool calls a second, the database thread's once-a-second call-log
// write and the GC helpers' bursts took a core for tens of milliseconds, and the request thread then
// waited up to 20 ms in every 50 for a CPU; requests queued behind it in clusters. nice 19 helped about
// half as much: a woken thread preempts a running SCHED_IDLE thread at once, while a nice-19 thread may
// first finish its time slice. See docs/perf/gateway-decisions-2026-11.md, "Gateway latency and CPU priority".
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { stat } from "node:fs/promises";

const TASKS = "/proc/self/task";

/** This process's threads other than the request thread and libuv's pool. */
function backgroundThreadIds(): string[] {
  return readdirSync(TASKS).filter((id) => {
    if (Number(id) === process.pid) return false;
    try {
      return readFileSync(`${TASKS}/${id}/comm`, "utf8").trim() !== "libuv-worker";
    } catch {
      return false; // The thread has ended.
    }
  });
}

export interface IdledThreads {
  /** Why the threads keep their priority (chrt missing, not allowed), or null. */
  failure: string | null;
  /** The threads now at SCHED_IDLE. */
  threadIds: string[];
}

/**
 * Lowers the background threads' scheduling policy with util-linux's chrt; says why it could not, and
 * which threads it lowered. Does nothing but on Linux. Call it once the database is open, so its
 * thread exists.
 */
export async function idleBackgroundThreads(): Promise<IdledThreads> {
  const threadIds: string[] = [];
  if (process.platform !== "linux") return { failure: null, threadIds };
  // A new thread inherits its creator's policy, and libuv starts its pool on first use: make sure that
  // happens here, from the request thread, and not later from an idle one.
  await stat(import.meta.dirname);
  for (const id of backgroundThreadIds()) {
    try {
      execFileSync("chrt", ["--idle", "--pid", "0", id], { stdio: ["ignore", "ignore", "pipe"] });
      threadIds.push(id);
    } catch (error) {
      if (!existsSync(`${TASKS}/${id}`)) continue; // The thread ended meanwhile.
      const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
      return { failure: stderr || (error instanceof Error ? error.message : String(error)), threadIds };
    }
  }
  return { failure: null, threadIds };
}
