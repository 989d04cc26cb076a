// Two servers measured at the same time under one fixed-rate load: one clock (pacer.ts) alternates its
// requests between them, so each gets the same rate, evenly spaced, and whatever the machine's
// neighbours take in a second they take from both. After a warm-up the run is cut into windows of the
// schedule (each `perSecond × windowMs` requests due to each server) and at every window's edge both
// servers' CPU is read (threadsCpuNs, to the nanosecond) with the requests each has answered so far: a
// window gives one CPU-per-answered-call figure for each, measured over the same instant, whose ratio
// the caller summarises. Answered, not due: on a machine short of CPU a server falls behind and catches
// up in the next window, and dividing by the requests due then moved each window's figure by ±20 %.
// Which server gets the first request of each pair swaps every window, so an advantage of going first
// (or second) cancels out over an even number of windows, and the caller can print it.
import { performance } from "node:perf_hooks";
import { percentile, type RequestSpec, sender } from "./load.ts";
import { pace } from "./pacer.ts";
import { processTree, processTreeCpuMs, threadsCpuNs } from "./process-cpu.ts";

export interface PairedTarget {
  spec: RequestSpec;
  pid: number;
}

export interface PairedWindow {
  /** CPU µs per request of each target in this window. */
  cpuMicros: [number, number];
  /** The target sent the first request of each pair in this window. */
  first: 0 | 1;
}

export interface TargetSummary {
  requests: number;
  errors: number;
  firstError: string | null;
  /** Latency over the measured windows, ms, counted from each request's due time. */
  p50: number;
  p99: number;
  /** CPU of the measured windows, ms: the threads' schedstat sum against /proc/<pid>/stat's ticks. */
  threadsCpuMs: number;
  statCpuMs: number | null;
}

export interface PairedResult {
  windows: PairedWindow[];
  targets: [TargetSummary, TargetSummary];
  /** p99 of how late the load generator got to its requests, ms (large: the machine was short of CPU). */
  lateP99: number;
}

export interface PairedOptions {
  /** Requests per second to each target. */
  perSecond: number;
  warmupMs: number;
  windowMs: number;
  windows: number;
}

export async function pairedFixedRate(
  targets: [PairedTarget, PairedTarget],
  { perSecond, warmupMs, windowMs, windows }: PairedOptions,
): Promise<PairedResult> {
  const senders = targets.map((target) => sender(target.spec, 64));
  const trees = targets.map((target) => processTree(target.pid));
  const perWindow = Math.round((perSecond * windowMs) / 1000);
  const warmupPairs = Math.round((perSecond * warmupMs) / 1000);
  const sends = 2 * (warmupPairs + windows * perWindow);

  const results: PairedWindow[] = [];
  const lateness: number[] = [];
  const inFlight: Promise<void>[] = [];
  let lastNs: number[] = [];
  let lastAnswered: number[] = [];
  let startMs: (number | null)[] = [];
  let endMs: (number | null)[] = [];
  let firstNs: number[] = [];
  let latencyStart: number[] = [];
  let latencyEnd: number[] = [];

  /** A window's edge: both servers' CPU read back to back (in alternating order), the window closed. */
  const edge = (closing: number) => {
    const order = closing % 2 === 0 ? [0, 1] : [1, 0];
    const now: number[] = [];
    for (const index of order) now[index] = threadsCpuNs(trees[index] as number[]);
    const answered = senders.map((load) => load.latencies.length + load.errorCount());
    if (closing === 0) {
      firstNs = now;
      startMs = targets.map((target) => processTreeCpuMs(target.pid));
      latencyStart = senders.map((load) => load.latencies.length);
    } else {
      results.push({
        cpuMicros: [0, 1].map(
          (index) =>
            ((now[index] as number) - (lastNs[index] as number)) /
            1000 /
            Math.max(1, (answered[index] as number) - (lastAnswered[index] as number)),
        ) as [number, number],
        first: ((closing - 1) % 2) as 0 | 1,
      });
    }
    if (closing === windows) {
      endMs = targets.map((target) => processTreeCpuMs(target.pid));
      latencyEnd = senders.map((load) => load.latencies.length);
    }
    lastNs = now;
    lastAnswered = answered;
  };

  await pace(500 / perSecond, sends + 1, (index, dueAt) => {
    lateness.push(performance.now() - dueAt);
    const pair = Math.floor(index / 2);
    const measured = pair - warmupPairs;
    if (index % 2 === 0 && measured >= 0 && measured % perWindow === 0) edge(measured / perWindow);
    if (index === sends) return; // the last tick only closes the last window
    const window = Math.floor(measured / perWindow);
    const first = ((window % 2) + 2) % 2;
    inFlight.push((senders[(index % 2) ^ first] as ReturnType<typeof sender>).send(dueAt));
  });
  await Promise.all(inFlight);
  for (const load of senders) load.close();

  const summary = (index: 0 | 1): TargetSummary => {
    const load = senders[index] as ReturnType<typeof sender>;
    const latencies = Float64Array.from(load.latencies.slice(latencyStart[index], latencyEnd[index])).sort();
    const start = startMs[index];
    const end = endMs[index];
    return {
      requests: sends / 2,
      errors: load.errorCount(),
      firstError: load.firstError(),
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      threadsCpuMs: ((lastNs[index] as number) - (firstNs[index] as number)) / 1e6,
      statCpuMs: start == null || end == null ? null : end - start,
    };
  };
  return {
    windows: results,
    targets: [summary(0), summary(1)],
    lateP99: percentile(Float64Array.from(lateness).sort(), 0.99),
  };
}
