// A clock for fixed-rate load that ticks at each request's own due time, to a few tens of µs, without
// spinning. Node's timers have 1 ms granularity: at 2,000 req/s they fire every 1.1 ms or so and send
// two or three requests at once, so each waits for the tick and then for the one sent beside it, and
// what is measured is the generator's batching more than the server. A busy loop is exact but takes a
// whole core from the server being measured. Here a worker thread sleeps in Atomics.wait (a futex with
// a timeout) until each due time and posts the request's index; the main thread, which owns the
// sockets, wakes on that message and sends.
import { Worker } from "node:worker_threads";

const clock = `
const { parentPort, workerData } = require("node:worker_threads");
const { intervalMs, count } = workerData;
const sleeper = new Int32Array(new SharedArrayBuffer(4));
parentPort.once("message", (startedAt) => {
  const origin = startedAt - performance.timeOrigin; // the main thread's start on this thread's clock
  for (let index = 0; index < count; index++) {
    const wait = origin + index * intervalMs - performance.now();
    if (wait > 0) Atomics.wait(sleeper, 0, 0, wait);
    parentPort.postMessage(index);
  }
});
parentPort.postMessage("ready");
`;

/**
 * Calls `onDue(index, dueAt)` for `count` requests spaced `intervalMs` apart; resolves with the start
 * (the main thread's performance.now()) after the last one. The clock starts only once its thread runs:
 * starting a worker takes 30-50 ms, and a schedule begun before that sent its first hundred requests
 * in one burst, measured as the server's latency. A late wake-up is not hidden: `dueAt` is when the
 * request should have gone, and latency is counted from it.
 */
export function pace(
  intervalMs: number,
  count: number,
  onDue: (index: number, dueAt: number) => void,
  stop?: AbortSignal,
): Promise<number> {
  const worker = new Worker(clock, { eval: true, workerData: { intervalMs, count } });
  let startedAt = 0;
  return new Promise((resolve, reject) => {
    // Stopped early: no further request is due.
    stop?.addEventListener("abort", () => void worker.terminate().then(() => resolve(startedAt)), {
      once: true,
    });
    worker.on("message", (message: number | "ready") => {
      if (message === "ready") {
        startedAt = performance.now();
        worker.postMessage(performance.timeOrigin + startedAt);
        return;
      }
      if (stop?.aborted) return;
      onDue(message, startedAt + message * intervalMs);
      if (message === count - 1) void worker.terminate().then(() => resolve(startedAt));
    });
    worker.once("error", reject);
  });
}
