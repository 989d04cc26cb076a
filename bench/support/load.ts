// A small HTTP load generator with sub-millisecond latency resolution (keep-alive connections through
// undici's Pool). Two shapes: closed loop (N connections as fast as they can go: throughput) and fixed
// rate (requests sent on a schedule: latency at a given load).
import { performance } from "node:perf_hooks";
import { Pool } from "undici";

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
}

function percentile(sorted: Float64Array, fraction: number): number {
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
  };
}

function sender(spec: RequestSpec, connections: number) {
  const url = new URL(spec.url);
  const pool = new Pool(url.origin, { connections, pipelining: 1 });
  const path = `${url.pathname}${url.search}`;
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const fail = (reason: string) => {
    errors++;
    firstError ??= reason;
  };
  const send = async () => {
    const started = performance.now();
    try {
      const response = await pool.request({
        path,
        method: spec.method,
        headers: spec.headers,
        body: spec.body,
      });
      const text = await response.body.text();
      if (response.statusCode !== 200) return fail(`HTTP ${response.statusCode}: ${text.slice(0, 200)}`);
      const problem = spec.check?.(text);
      if (problem) return fail(problem);
      latencies.push(performance.now() - started);
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
    }
  };
  return {
    send,
    latencies,
    errorCount: () => errors,
    firstError: () => firstError,
    close: () => pool.close(),
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
  await load.close();
  return summarize(load.latencies, load.errorCount(), load.firstError(), seconds);
}

export async function fixedRate(
  spec: RequestSpec,
  perSecond: number,
  durationMs: number,
): Promise<LoadResult> {
  const load = sender(spec, 64);
  const started = performance.now();
  const total = Math.round((perSecond * durationMs) / 1000);
  const inFlight: Promise<void>[] = [];
  for (let sent = 0; sent < total; ) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * perSecond));
    while (sent < due) {
      inFlight.push(load.send());
      sent++;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  await load.close();
  return summarize(load.latencies, load.errorCount(), load.firstError(), seconds);
}
