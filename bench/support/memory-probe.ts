// Preloaded into the benchmarked server (`node --import`) by bench/idle.ts, never by `npm start`.
// On SIGUSR2 the main thread writes to PORTICO_MEMORY_PROBE what each JS thread holds: its
// process.memoryUsage() (heap and external figures are that thread's isolate's) and its heap spaces.
// Preload modules do not run in worker threads, so the probe wraps worker_threads.Worker: a worker
// started from source text (the embedded database's, db/pglite-thread.ts) gets the same answering code
// in front of its own, and answers over a BroadcastChannel, since signals reach only the main thread.
import { writeFileSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import v8 from "node:v8";
import workerThreads, { isMainThread, threadId } from "node:worker_threads";

const MB = 1024 * 1024;
const round = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

export interface ThreadMemory {
  threadId: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** Committed size of each V8 heap space (new_space, old_space, code_space, …), MB. */
  spaces: Record<string, number>;
}

export interface MemoryReport {
  rss: number;
  threads: ThreadMemory[];
}

function thisThread(): ThreadMemory {
  const usage = process.memoryUsage();
  const spaces: Record<string, number> = {};
  for (const space of v8.getHeapSpaceStatistics()) {
    spaces[space.space_name] = round(space.physical_space_size);
  }
  return {
    threadId,
    heapTotal: round(usage.heapTotal),
    heapUsed: round(usage.heapUsed),
    external: round(usage.external),
    arrayBuffers: round(usage.arrayBuffers),
    spaces,
  };
}

const channel = new workerThreads.BroadcastChannel("portico-memory-probe");
channel.unref();

/** What a worker runs first (CommonJS, as an eval worker's source is): this file's answering side. */
const WORKER_PRELUDE = `(() => {
  const v8 = require("node:v8");
  const { threadId } = require("node:worker_threads");
  const round = ${round.toString()};
  const MB = ${MB};
  const thisThread = ${thisThread.toString()};
  const channel = new BroadcastChannel("portico-memory-probe");
  channel.unref();
  channel.onmessage = (event) => {
    if (event.data && event.data.ask) channel.postMessage({ reply: thisThread() });
  };
})();
`;

if (isMainThread) {
  const Original = workerThreads.Worker;
  class ProbedWorker extends Original {
    constructor(source: string | URL, options?: workerThreads.WorkerOptions) {
      super(options?.eval && typeof source === "string" ? WORKER_PRELUDE + source : source, options);
    }
  }
  workerThreads.Worker = ProbedWorker;
  syncBuiltinESMExports();
  const target = process.env.PORTICO_MEMORY_PROBE;
  process.on("SIGUSR2", () => {
    const threads = [thisThread()];
    channel.onmessage = (event) => {
      const message = (event as unknown as { data: { reply?: ThreadMemory } }).data;
      if (message.reply) threads.push(message.reply);
    };
    channel.postMessage({ ask: true });
    // Every live worker answers within this; a busy one would be late, and an idle server has none.
    setTimeout(() => {
      const report: MemoryReport = { rss: round(process.memoryUsage.rss()), threads };
      if (target) writeFileSync(target, JSON.stringify(report));
    }, 1500).unref();
  });
}
