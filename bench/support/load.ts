// A small HTTP load generator with sub-millisecond latency resolution over keep-alive connections
// (http-connection.ts). Two shapes: closed loop (N connections as fast as they can go: throughput)
// and fixed rate (requests sent on a schedule: latency at a given load, measured from the moment each
// request was due, so a stalled server cannot hide its queueing).
import { performance } from "node:perf_hooks";
import { encodeRequest, HttpConnection } from "./http-connection.ts";
import { pace } from "./pacer.ts";

export interface RequestSpec {
  url: string;
  method: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** Returns an error description when a 200 response is still a failure (e.g. a JSON-RPC error). */
  check?: (body: string) => string | null;
}

export interface LoadResult {
  requests: number;
  errors: number;
  firstError: string | null;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Every successful request's latency in ms, sorted; `pooled` merges several runs' into one result. */
  latencies: Float64Array;
  /**
   * Fixed rate only: p99 of how late this process itself got to each request (clock thread's wake-up,
   * its message, this thread's turn), in ms. Part of the latency, and the load generator's doing: on a
   * shared 2-core machine it grows with what the server being measured takes from the CPUs.
   */
  lateP99?: number;
}

export function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

function summarize(
  latencies: number[],
  errors: number,
  firstError: string | null,
  seconds: number,
): LoadResult {
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length + errors,
    errors,
    firstError,
    seconds,
    perSecond: (latencies.length + errors) / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    latencies: sorted,
  };
}

/** Several runs of the same load as one: their requests and errors together, percentiles over all. */
export function pooled(results: LoadResult[]): LoadResult {
  const latencies: number[] = [];
  for (const result of results) for (const latency of result.latencies) latencies.push(latency);
  const errors = results.reduce((sum, result) => sum + result.errors, 0);
  const firstError = results.find((result) => result.firstError)?.firstError ?? null;
  const seconds = results.reduce((sum, result) => sum + result.seconds, 0);
  return summarize(latencies, errors, firstError, seconds);
}

/** Requests of one spec over `connections` keep-alive connections, each latency counted from its due time. */
export function sender(spec: RequestSpec, connections: number) {
  const url = new URL(spec.url);
  const request = encodeRequest(url, spec.method, spec.headers ?? {}, spec.body);
  const idle = Array.from({ length: connections }, () => new HttpConnection(url));
  const all = [...idle];
  /** A free connection; one the server closed while it sat idle (keep-alive timeout) is replaced. */
  const take = () => {
    const connection = idle.pop();
    if (!connection?.closed) return connection;
    const fresh = new HttpConnection(url);
    all.push(fresh);
    return fresh;
  };
  const queue: (() => void)[] = [];
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const fail = (reason: string) => {
    errors++;
    firstError ??= reason;
  };
  /** Set by stop(): requests not yet on a connection fail at once instead of being sent. */
  let stopped = false;
  /** Sends once a connection is free; latency counts from `dueAt` (default: now). */
  const send = async (dueAt = performance.now()) => {
    let connection = stopped ? undefined : take();
    while (!connection) {
      if (stopped) return fail("not sent: the load was stopped");
      await new Promise<void>((resolve) => queue.push(resolve));
      connection = stopped ? undefined : take();
    }
    try {
      const response = await connection.send(request);
      if (response.status !== 200) fail(`HTTP ${response.status}: ${response.body.slice(0, 200)}`);
      else {
        const problem = spec.check?.(response.body);
        if (problem) fail(problem);
        else latencies.push(performance.now() - dueAt);
      }
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
    } finally {
      idle.push(connection);
      queue.shift()?.();
    }
  };
  return {
    send,
    latencies,
    errorCount: () => errors,
    firstError: () => firstError,
    /** Fails every request still waiting for a connection, and any sent later (see fixedRate). */
    stop: () => {
      stopped = true;
      for (const wake of queue.splice(0)) wake();
    },
    close: () => {
      for (const connection of all) connection.close();
    },
  };
}

export async function closedLoop(
  spec: RequestSpec,
  connections: number,
  durationMs: number,
): Promise<LoadResult> {
  const load = sender(spec, connections);
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) await load.send();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  load.close();
  return summarize(load.latencies, load.errorCount(), load.firstError(), seconds);
}

/**
 * `stop`, when it aborts, ends the schedule there: requests not yet sent count as errors, not as sent
 * (bench/crash-loss.ts stops it when it kills the server, whose queue it could not otherwise drain).
 */
export async function fixedRate(
  spec: RequestSpec,
  perSecond: number,
  durationMs: number,
  stop?: AbortSignal,
): Promise<LoadResult> {
  const load = sender(spec, 64);
  stop?.addEventListener("abort", () => load.stop(), { once: true });
  const total = Math.round((perSecond * durationMs) / 1000);
  const inFlight: Promise<void>[] = [];
  const lateness: number[] = [];
  const started = await pace(
    1000 / perSecond,
    total,
    (_index, dueAt) => {
      lateness.push(performance.now() - dueAt);
      inFlight.push(load.send(dueAt));
    },
    stop,
  );
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  load.close();
  const lateP99 = percentile(Float64Array.from(lateness).sort(), 0.99);
  return { ...summarize(load.latencies, load.errorCount(), load.firstError(), seconds), lateP99 };
}
