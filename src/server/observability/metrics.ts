// Prometheus metrics of this process (prom-client, its own registry; with several server processes a
// scrape answers for all of them, cluster-metrics.ts). Everything on the request path is
// a plain counter or histogram whose labelled child is looked up once and kept, so a tool call costs a
// few additions; gauges (call-log backlog and its age, database pool) are read only when scraped.
import client from "prom-client";
import type { CallChannel } from "../db/schema/gateway.ts";
import { FastCounter, FastHistogram } from "./fast-metrics.ts";

export const registry = new client.Registry();

/** Seconds buckets from 1 ms to 30 s: tool calls run from microseconds (calculate) to the time limit. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export type ToolCallOutcome = "success" | "error" | "refused";

// The request path's metrics (fast-metrics.ts); prom-client's own for the rare events below.
const toolCalls = new FastCounter(
  "portico_tool_calls_total",
  "Tool calls by door (mcp, rest, playground, agent) and outcome (success, error, refused by quota).",
  ["door", "outcome"],
);
const toolCallSeconds = new FastHistogram(
  "portico_tool_call_duration_seconds",
  "Time a tool call took to run (admitted calls), by door.",
  ["door"],
  LATENCY_BUCKETS,
);
const upstreamSeconds = new FastHistogram(
  "portico_upstream_request_duration_seconds",
  "Upstream HTTP requests of tool calls until their answer's head, by integration and outcome.",
  ["integration", "outcome"],
  LATENCY_BUCKETS,
);
const httpRequests = new FastCounter(
  "portico_http_requests_total",
  "HTTP requests answered, by route group and status code.",
  ["group", "status"],
);
for (const metric of [toolCalls, toolCallSeconds, upstreamSeconds, httpRequests]) {
  registry.registerMetric(metric as unknown as client.Metric);
}
const oauthRefreshes = new client.Counter({
  name: "portico_oauth_refreshes_total",
  help: "OAuth access-token refreshes of integration connections, by outcome (success, failure).",
  labelNames: ["outcome"] as const,
  registers: [registry],
});
const callLogFlushSeconds = new client.Histogram({
  name: "portico_call_log_flush_duration_seconds",
  help: "Time one call-log flush (a batch of calls, usage and key use) took, by outcome.",
  labelNames: ["outcome"] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** What the scrape-time gauges read; set by the app that serves (the last one built in a test). */
export interface GaugeSources {
  callLogBacklog(): number;
  callLogOldestUnwrittenSeconds(): number;
  databasePool(): { total: number; idle: number; waiting: number } | null;
  /** Spans the trace exporter dropped so far (otlp-exporter.ts), when tracing is on. */
  traceSpansDropped?(): number;
}
let sources: GaugeSources | null = null;
export function setGaugeSources(next: GaugeSources | null): void {
  sources = next;
}

new client.Gauge({
  name: "portico_call_log_backlog",
  help: "Tool calls recorded and not yet written to the call log (what a crash now would lose).",
  registers: [registry],
  collect() {
    this.set(sources?.callLogBacklog() ?? 0);
  },
});
new client.Gauge({
  name: "portico_call_log_oldest_unwritten_seconds",
  help:
    "Age of the oldest tool call not yet written to the call log: a crash now loses the calls answered " +
    "since. New calls wait while it is at the flush interval (1 s).",
  // Several server processes (cluster-metrics.ts): the oldest of them all, where the others are summed.
  aggregator: "max",
  registers: [registry],
  collect() {
    this.set(sources?.callLogOldestUnwrittenSeconds() ?? 0);
  },
});
new client.Gauge({
  name: "portico_db_pool_connections",
  help: "PostgreSQL pool connections by state (total, idle, waiting clients); absent on the embedded database.",
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    const pool = sources?.databasePool();
    if (!pool) return;
    this.set({ state: "total" }, pool.total);
    this.set({ state: "idle" }, pool.idle);
    this.set({ state: "waiting" }, pool.waiting);
  },
});

let spansDroppedCounted = 0;
new client.Counter({
  name: "portico_trace_spans_dropped_total",
  help: "Trace spans dropped: the OTLP collector was down or slower than the spans came (oldest first).",
  registers: [registry],
  collect() {
    const dropped = sources?.traceSpansDropped?.() ?? 0;
    if (dropped > spansDroppedCounted) this.inc(dropped - spansDroppedCounted);
    spansDroppedCounted = dropped;
  },
});

/**
 * Labelled children made once, found by their label values one after the other: the values are
 * strings the code already holds (door, outcome, integration, route group) and a status number, whose
 * hashes are kept, where a joined key was a new string to build and hash on every call.
 */
function cached2<A, B, T>(make: (first: A, second: B) => T): (first: A, second: B) => T {
  const children = new Map<A, Map<B, T>>();
  return (first, second) => {
    let inner = children.get(first);
    if (inner === undefined) {
      inner = new Map();
      children.set(first, inner);
    }
    let child = inner.get(second);
    if (child === undefined) {
      child = make(first, second);
      inner.set(second, child);
    }
    return child;
  };
}

const toolCallChild = cached2((door: string, outcome: string) => toolCalls.child(door, outcome));
const toolCallSecondsChildren = new Map<string, { observe(value: number): void }>();
function toolCallSecondsChild(door: string) {
  let child = toolCallSecondsChildren.get(door);
  if (child === undefined) {
    child = toolCallSeconds.child(door);
    toolCallSecondsChildren.set(door, child);
  }
  return child;
}
const httpChild = cached2((group: string, status: number) => httpRequests.child(group, String(status)));
const upstreamChild = cached2((integration: string, outcome: string) =>
  upstreamSeconds.child(integration, outcome),
);

/** Off when the endpoint is (METRICS=off): nobody reads them, so nothing is counted. */
let counting = true;
let processMetricsStarted = false;
export function setMetricsCounting(on: boolean): void {
  counting = on;
  // prom-client's process metrics keep an event-loop monitor (a wake-up every 10 ms) and a GC
  // observer running: started only when someone can read them.
  if (on && !processMetricsStarted) {
    processMetricsStarted = true;
    client.collectDefaultMetrics({ register: registry, prefix: "portico_" });
  }
}

export const metrics = {
  toolCall(door: CallChannel, outcome: ToolCallOutcome, seconds?: number): void {
    if (!counting) return;
    toolCallChild(door, outcome).inc();
    if (seconds !== undefined) toolCallSecondsChild(door).observe(seconds);
  },
  /** `outcome`: the status class ("2xx", "4xx", …) or "network" when no answer came. */
  upstream(integration: string, outcome: string, seconds: number): void {
    if (!counting) return;
    upstreamChild(integration, outcome).observe(seconds);
  },
  oauthRefresh(outcome: "success" | "failure"): void {
    if (!counting) return;
    oauthRefreshes.labels(outcome).inc();
  },
  callLogFlush(outcome: "success" | "failure", seconds: number): void {
    if (!counting) return;
    callLogFlushSeconds.labels(outcome).observe(seconds);
  },
  httpRequest(group: string, status: number): void {
    if (!counting) return;
    httpChild(group, status).inc();
  },
};

/** The route group of a request path, for portico_http_requests_total (a small, fixed set of labels). */
export function routeGroup(pathname: string): string {
  if (pathname === "/mcp") return "mcp";
  if (pathname.startsWith("/api/v1/")) return "rest";
  if (pathname.startsWith("/api/trpc")) return "trpc";
  if (pathname.startsWith("/api/auth")) return "auth";
  if (pathname.startsWith("/api/")) return "api";
  if (pathname.startsWith("/.well-known/")) return "well-known";
  if (pathname === "/healthz" || pathname === "/readyz") return "health";
  if (pathname.startsWith("/assets/")) return "assets";
  if (pathname.startsWith("/_serverFn/")) return "server-functions";
  return "pages";
}
