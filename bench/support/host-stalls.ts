// How much CPU time the machine itself takes away while nothing else runs: one busy thread per CPU for
// a few seconds, each noting every jump of its own clock of more than 0.5 ms, time in which it wanted
// to run and did not. On a dedicated machine that is close to nothing. On a shared virtual machine it
// shows the hypervisor's pauses, and a request in flight during one waits as long, however little the
// server in its path does. It puts the fixed-rate phases' p99 in context; it is not part of them.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

export interface HostStalls {
  threads: number;
  seconds: number;
  /** Jumps over 0.5 ms, how many over 2 ms, their sum and the longest, in ms. */
  gaps: number;
  over2ms: number;
  lostMs: number;
  longestMs: number;
}

const BUSY_LOOP = `
const { parentPort, workerData } = require("node:worker_threads");
const gaps = [];
const end = performance.now() + workerData;
let last = performance.now();
while (last < end) {
  const now = performance.now();
  if (now - last > 0.5) gaps.push(now - last);
  last = now;
}
parentPort.postMessage(gaps);
`;

export async function measureHostStalls(milliseconds: number): Promise<HostStalls> {
  const threads = availableParallelism();
  const perThread = await Promise.all(
    Array.from(
      { length: threads },
      () =>
        new Promise<number[]>((resolve, reject) => {
          const worker = new Worker(BUSY_LOOP, { eval: true, workerData: milliseconds });
          worker.once("message", resolve);
          worker.once("error", reject);
        }),
    ),
  );
  const gaps = perThread.flat();
  return {
    threads,
    seconds: milliseconds / 1000,
    gaps: gaps.length,
    over2ms: gaps.filter((gap) => gap > 2).length,
    lostMs: gaps.reduce((total, gap) => total + gap, 0),
    longestMs: Math.max(0, ...gaps),
  };
}
