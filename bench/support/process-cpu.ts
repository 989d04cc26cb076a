// CPU time a process and its direct children (the server processes of WEB_CONCURRENCY) have used,
// user + system, read from /proc on Linux. The benchmark divides it by the requests served: CPU per
// request hardly moves when other work shares the machine, unlike requests per second, so it is the
// figure to compare between changes.
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces). */
function statFields(pid: number | string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

const cpuMsOf = (fields: string[]) => ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;

/** Milliseconds of CPU used by `pid` and its children so far, or null where /proc is not available. */
export function processTreeCpuMs(pid: number): number | null {
  const own = statFields(pid);
  if (!own) return null;
  let total = cpuMsOf(own);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields && Number(fields[1]) === pid) total += cpuMsOf(fields);
  }
  return total;
}

/**
 * Waits until `pid`'s processes use under a tenth of a core (e.g. once the call log of the previous
 * phase is written), so one phase's leftovers are not measured as the next one's latency. Resolves with
 * the milliseconds waited, or null if they were still busy after `maxMs`.
 */
export async function waitUntilIdle(pid: number, maxMs = 60_000): Promise<number | null> {
  const started = performance.now();
  const windowMs = 500;
  let before = processTreeCpuMs(pid);
  while (before !== null && performance.now() - started < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const after = processTreeCpuMs(pid);
    if (after === null) return null;
    if (after - before < windowMs / 10) return performance.now() - started;
    before = after;
  }
  return null;
}

/** `pid` and its direct children (the server processes of WEB_CONCURRENCY), read once. */
export function processTree(pid: number): number[] {
  const tree = [pid];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields && Number(fields[1]) === pid) tree.push(Number(entry));
  }
  return tree;
}

/**
 * Nanoseconds on a CPU of every live thread of the processes `pids`, from each thread's
 * /proc/<pid>/task/<tid>/schedstat (the scheduler's own runtime, to the nanosecond). /proc/<pid>/stat
 * counts in 10 ms ticks: at 1,000 calls a second of ~100 µs each a 2 s window holds ~200 ms of CPU, and
 * a tick either way would be ±5 % of it. A thread that exited during a window is no longer counted (its
 * time moves to the process's total), so a caller can compare the sum with processTreeCpuMs over a run.
 */
export function threadsCpuNs(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      try {
        const schedstat = readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8");
        total += Number(schedstat.slice(0, schedstat.indexOf(" ")));
      } catch {
        // The thread ended between the listing and the read.
      }
    }
  }
  return total;
}
