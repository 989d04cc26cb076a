// npm run bench:gateway — load on the MCP gateway from this process (Portico and the upstream run as
// processes of their own), printing requests/s, p50 and p99:
//   1. throughput: tools/call of a CPU-only standard tool over /mcp, as fast as possible;
//   2. added latency at a fixed rate: the same upstream page fetched directly, then through
//      tools/call fetch_web_page on /mcp (auth, tool resolution, SDK, logging and metering all on),
//      then through a minimal Node proxy (minimal-proxy.ts): what this machine adds at the least;
//   3. tools/list of a project with 1,000 tools (in process, see tools-list-in-process.ts).
// Phase 2 runs BENCH_ROUNDS times (default 3), then all rounds pooled: its added p99 moves by
// milliseconds between runs on a shared 2-core machine. BENCH_SECONDS (default 10) sets the length of
// each load phase. BENCH_DATABASE_URL runs Portico on that PostgreSQL instead of the embedded database,
// and BENCH_WORKERS (with it) as that many server processes (WEB_CONCURRENCY). Each phase also prints
// the server's CPU time per request, which unlike requests per second hardly depends on what else the
// machine is doing. Between phases it waits until Portico is idle, so the call log of 100,000 calls
// from phase 1 is not measured as phase 2's latency, nor the gateway's call log as the minimal proxy's.
// Before phase 1 and after phase 2 it measures the CPU time the idle machine itself takes away
// (host-stalls.ts), which no server can make up for.
//
// Observability (issue 30): by default Portico runs with metrics, tracing and the per-call log off.
// BENCH_OBSERVABILITY=on runs every phase with all three on (Prometheus counters, every call traced and
// exported over OTLP/HTTP to a local sink, a JSON log line per call). BENCH_OBSERVABILITY=compare
// starts one Portico of each and loads both AT THE SAME TIME with tools/call calculate, one clock
// alternating between them (bench/support/paired-load.ts), BENCH_PAIRED_RATE each (default 1,000/s);
// it prints the CPU per call of each in every 2 s window, the median on/off ratio and its bootstrap
// 95 % confidence interval (target: within 10 %). Run in turn, as it first was, two identical servers
// differed by up to ±25 % a round; paired, an A/A run's interval is about ±3 % (docs/perf/observability-2026-11.md).
// BENCH_TRACE_RATIO sets the share of calls traced (default 1: every call); BENCH_ON_ENV and
// BENCH_OFF_ENV (JSON) change either side's environment.
//
// BENCH_BASELINE=<git revision> (main, a commit) builds that revision beside this checkout
// (support/baseline-checkout.ts) and measures both the same paired way, at once, for a trivial and a
// proxied tools/call: the CPU-per-call ratio with its 95 % interval, and both p99s, that a change states
// against main in one command.
import { execFileSync, spawn } from "node:child_process";
import path from "node:path";
import { prepareBaseline } from "./support/baseline-checkout.ts";
import { type HostStalls, measureHostStalls } from "./support/host-stalls.ts";
import { closedLoop, fixedRate, type LoadResult, pooled, type RequestSpec } from "./support/load.ts";
import { comparePaired, type PairedSide, pairedPlanFromEnv } from "./support/paired-compare.ts";
import { reportPairedSummary } from "./support/paired-report.ts";
import { freePort, type PorticoProcess, startPortico } from "./support/portico-process.ts";
import { processTreeCpuMs, waitUntilIdle } from "./support/process-cpu.ts";
import { measureToolsList } from "./support/tools-list-in-process.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
if (!Number.isInteger(rounds) || rounds < 1)
  throw new Error("BENCH_ROUNDS must be a whole number, 1 or more");
const durationMs = seconds * 1000;
const RATE = 2000;
const CONNECTIONS = 32;
const root = path.resolve(import.meta.dirname, "..");

const fmt = (value: number) => value.toFixed(3).padStart(8);
function report(label: string, result: LoadResult, cpuMicros?: number) {
  const cpu = cpuMicros === undefined ? "" : `  CPU ${cpuMicros.toFixed(0)} µs/req`;
  const late = result.lateP99 === undefined ? "" : `  sent late p99 ${result.lateP99.toFixed(2)} ms`;
  console.log(
    `${label.padEnd(44)} ${result.perSecond.toFixed(0).padStart(7)} req/s  p50 ${fmt(result.p50)} ms  p99 ${fmt(result.p99)} ms  errors ${result.errors}${cpu}${late}${result.firstError ? ` (first: ${result.firstError})` : ""}`,
  );
}

/** Runs a load phase and measures the CPU Portico's processes spent on it, per request. */
async function withCpu(pid: number, phase: () => Promise<LoadResult>) {
  const before = processTreeCpuMs(pid);
  const result = await phase();
  const after = processTreeCpuMs(pid);
  const cpuMicros =
    before === null || after === null ? undefined : ((after - before) * 1000) / Math.max(1, result.requests);
  return { result, cpuMicros };
}

/**
 * A fixed-rate phase warmed up right before it is measured, with the CPU of the server process `pid`:
 * after the direct phase's idle seconds, a server's first few hundred calls (new upstream connections
 * among other things) are slower than its steady state.
 */
async function warmedFixedRate(spec: RequestSpec, pid: number) {
  await fixedRate(spec, RATE, Math.min(3000, durationMs));
  return withCpu(pid, () => fixedRate(spec, RATE, durationMs));
}

/** Lets Portico finish the previous phase's work (its call log above all) before the next one. */
async function settle(pid: number, phase?: string) {
  const waited = await waitUntilIdle(pid);
  if (waited === null) console.log("    (Portico was still busy after 60 s; measuring anyway)");
  else if (phase) console.log(`    (Portico idle ${(waited / 1000).toFixed(1)} s after phase ${phase})`);
}

const added = (result: LoadResult, direct: LoadResult) =>
  `p50 ${(result.p50 - direct.p50).toFixed(3)} ms, p99 ${(result.p99 - direct.p99).toFixed(3)} ms`;

interface LatencyRound {
  direct: LoadResult;
  gateway: { result: LoadResult; cpuMicros?: number };
  floor: { result: LoadResult; cpuMicros?: number };
}

/**
 * Phase 2 once: the upstream directly, through the gateway, through the minimal proxy, each at RATE.
 * Portico is idle before the direct part and before the floor's, so neither pays for its call log.
 */
async function latencyRound(
  direct: RequestSpec,
  viaGateway: RequestSpec,
  viaMinimalProxy: RequestSpec,
  porticoPid: number,
  minimalProxyPid: number,
): Promise<LatencyRound> {
  await settle(porticoPid);
  const directResult = await fixedRate(direct, RATE, durationMs);
  const gateway = await warmedFixedRate(viaGateway, porticoPid);
  await settle(porticoPid);
  const floor = await warmedFixedRate(viaMinimalProxy, minimalProxyPid);
  return { direct: directResult, gateway, floor };
}

/**
 * Added p99 is the difference of two p99s taken tens of seconds apart, and on a shared 2-core machine
 * it moves by milliseconds from one run to the next: each round is shown, then all rounds pooled.
 */
function summarizeRounds(results: LatencyRound[]) {
  const direct = pooled(results.map((result) => result.direct));
  const byRound = (pick: (result: LatencyRound) => LoadResult) =>
    results.map((result) => (pick(result).p99 - result.direct.p99).toFixed(3)).join(", ");
  const within2ms = (pick: (result: LatencyRound) => LoadResult) =>
    results.filter((result) => pick(result).p99 - result.direct.p99 <= 2).length;
  console.log(`2. all ${results.length} rounds pooled (${results.length * seconds} s each way):`);
  console.log(
    `    added by the gateway: ${added(pooled(results.map((result) => result.gateway.result)), direct)}; p99 by round ${byRound((result) => result.gateway.result)} ms (<= 2 ms in ${within2ms((result) => result.gateway.result)} of ${results.length})`,
  );
  console.log(
    `    added by the minimal proxy: ${added(pooled(results.map((result) => result.floor.result)), direct)}; p99 by round ${byRound((result) => result.floor.result)} ms (<= 2 ms in ${within2ms((result) => result.floor.result)} of ${results.length})`,
  );
}

const STALL_PROBE_MS = 3000;
function reportStalls(when: string, stalls: HostStalls) {
  console.log(
    `${when}: ${stalls.threads} busy threads lost ${stalls.lostMs.toFixed(1)} ms of ${stalls.seconds} s each to the machine (${stalls.gaps} pauses > 0.5 ms, ${stalls.over2ms} > 2 ms, longest ${stalls.longestMs.toFixed(1)} ms)`,
  );
}

/** Starts one of bench/support's small servers as its own process; resolves once it listens. */
async function startHelper(script: string): Promise<{ origin: string; pid: number; stop: () => void }> {
  const port = await freePort();
  const child = spawn(path.join(root, "node_modules/.bin/node"), [path.join(root, "bench/support", script)], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  process.once("exit", () => child.kill("SIGKILL"));
  await new Promise<void>((resolve) => child.stdout?.once("data", () => resolve()));
  return { origin: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, stop: () => child.kill("SIGTERM") };
}

function toolCall(baseUrl: string, apiKey: string, name: string, args: Record<string, unknown>): RequestSpec {
  return {
    url: `${baseUrl}/mcp`,
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      authorization: `Bearer ${apiKey}`,
      "mcp-protocol-version": "2025-11-25",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
    check: (text) =>
      text.includes('"isError":true') || text.includes('"error":') ? text.slice(0, 300) : null,
  };
}

const observability = process.env.BENCH_OBSERVABILITY ?? "off";
if (!["off", "on", "compare"].includes(observability))
  throw new Error("BENCH_OBSERVABILITY must be off, on or compare");
const OBSERVABILITY_OFF = { METRICS: "off", LOG_LEVEL: "warn" };
const observabilityOn = (otlpOrigin: string) => ({
  METRICS: "on",
  LOG_LEVEL: "info",
  LOG_FORMAT: "json",
  OTEL_EXPORTER_OTLP_ENDPOINT: otlpOrigin,
  OTEL_TRACES_SAMPLER_ARG: process.env.BENCH_TRACE_RATIO ?? "1",
  // BENCH_ON_ENV (JSON) changes the "on" side, to measure one part alone (say {"LOG_LEVEL":"warn"}).
  ...(JSON.parse(process.env.BENCH_ON_ENV ?? "{}") as Record<string, string>),
});

const calculateCall = (portico: PorticoProcess) =>
  toolCall(portico.baseUrl, portico.apiKey, "calculate", { expression: "(1250 * 1.21) / 12" });

/** tools/call calculate on two Porticos at the same time, observability off and on (paired-compare.ts). */
async function compareObservability() {
  const plan = pairedPlanFromEnv();
  const offEnv = {
    ...OBSERVABILITY_OFF,
    ...(JSON.parse(process.env.BENCH_OFF_ENV ?? "{}") as Record<string, string>),
  };
  const sink = await startHelper("otlp-sink.ts");
  const onEnv = observabilityOn(sink.origin);
  console.log(
    `Observability off vs on (${JSON.stringify(onEnv)}), both at once, tools/call calculate at ${plan.perSecond}/s each, ` +
      `${plan.runs} runs, ${plan.windows} windows of ${plan.windowMs / 1000} s\n`,
  );
  try {
    const sides: [PairedSide, PairedSide] = [
      { label: "off", start: () => startPortico(offEnv) },
      { label: "on", start: () => startPortico(onEnv) },
    ];
    const runs = await comparePaired(sides, calculateCall, plan);
    reportPairedSummary(runs, ["off", "on"], "tools/call", "within 10 %");
  } finally {
    sink.stop();
  }
}

/**
 * BENCH_BASELINE=<revision>: that revision's build against this checkout's, both at once, each as
 * shipped (observability off), for a trivial call (calculate) and a proxied one (fetch_web_page of a
 * loopback page): the ratio a change states against main.
 */
async function compareWithBaseline(revision: string) {
  const plan = pairedPlanFromEnv();
  const baseline = prepareBaseline(revision);
  const head = execFileSync("git", ["rev-parse", "--short=12", "HEAD"], {
    cwd: root,
    encoding: "utf8",
  }).trim();
  const upstream = await startHelper("upstream.ts");
  const env = { ...OBSERVABILITY_OFF, ALLOW_PRIVATE_URLS: "true" };
  const labels: [string, string] = [`base ${baseline.commit.slice(0, 12)}`, `head ${head}`];
  const sides: [PairedSide, PairedSide] = [
    { label: labels[0], start: () => startPortico(env, baseline.root) },
    { label: labels[1], start: () => startPortico(env) },
  ];
  console.log(
    `Baseline ${revision} (${labels[0]}) vs this checkout (${labels[1]}), both at once at ${plan.perSecond}/s each, ` +
      `${plan.runs} runs, ${plan.windows} windows of ${plan.windowMs / 1000} s a kind of call\n`,
  );
  try {
    console.log("1. tools/call calculate (trivial)");
    const trivial = await comparePaired(sides, calculateCall, plan);
    console.log(`\n2. tools/call fetch_web_page of ${upstream.origin}/page (proxied)`);
    const proxiedCall = (portico: PorticoProcess) =>
      toolCall(portico.baseUrl, portico.apiKey, "fetch_web_page", { url: `${upstream.origin}/page` });
    const proxied = await comparePaired(sides, proxiedCall, plan);
    reportPairedSummary(trivial, labels, "trivial tools/call", "within 5 %");
    reportPairedSummary(proxied, labels, "proxied tools/call", "within 5 %");
  } finally {
    upstream.stop();
  }
}

if (observability === "compare") {
  await compareObservability();
  process.exit(0);
}
if (process.env.BENCH_BASELINE) {
  await compareWithBaseline(process.env.BENCH_BASELINE);
  process.exit(0);
}

const upstreamServer = await startHelper("upstream.ts");
const pageUrl = `${upstreamServer.origin}/page`;
const minimalProxy = await startHelper("minimal-proxy.ts");
const workers = process.env.BENCH_WORKERS ?? "1";
const otlpSink = observability === "on" ? await startHelper("otlp-sink.ts") : null;
const portico = await startPortico({
  ...(otlpSink ? observabilityOn(otlpSink.origin) : OBSERVABILITY_OFF),
  ALLOW_PRIVATE_URLS: "true",
  WEB_CONCURRENCY: workers,
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
const database = process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "embedded PGlite";
console.log(
  `Portico ${portico.baseUrl} (${workers} server process${workers === "1" ? "" : "es"}, ${database}, observability ${observability}), upstream ${pageUrl}, ${seconds} s per phase\n`,
);
try {
  await settle(portico.pid);
  reportStalls("0. this machine with nothing running", await measureHostStalls(STALL_PROBE_MS));
  const calculate = toolCall(portico.baseUrl, portico.apiKey, "calculate", {
    expression: "(1250 * 1.21) / 12",
  });
  await closedLoop(calculate, CONNECTIONS, Math.min(3000, durationMs)); // warm-up
  const throughput = await withCpu(portico.pid, () => closedLoop(calculate, CONNECTIONS, durationMs));
  report(`1. tools/call calculate, ${CONNECTIONS} connections`, throughput.result, throughput.cpuMicros);

  await settle(portico.pid, "1");
  const direct: RequestSpec = { url: pageUrl, method: "GET" };
  const viaGateway = toolCall(portico.baseUrl, portico.apiKey, "fetch_web_page", { url: pageUrl });
  const viaMinimalProxy = { ...viaGateway, url: `${minimalProxy.origin}/mcp` };
  const results: LatencyRound[] = [];
  for (let round = 1; round <= rounds; round++) {
    const result = await latencyRound(direct, viaGateway, viaMinimalProxy, portico.pid, minimalProxy.pid);
    results.push(result);
    if (rounds > 1) console.log(`  round ${round} of ${rounds}`);
    report(`2a. upstream directly at ${RATE} req/s`, result.direct);
    report(`2b. upstream via tools/call at ${RATE} req/s`, result.gateway.result, result.gateway.cpuMicros);
    console.log(`    added by the gateway: ${added(result.gateway.result, result.direct)}`);
    report("2c. same via a minimal Node proxy (the floor)", result.floor.result, result.floor.cpuMicros);
    console.log(`    added by the minimal proxy: ${added(result.floor.result, result.direct)}`);
  }
  if (rounds > 1) summarizeRounds(results);

  await settle(portico.pid, "2");
  reportStalls("    the machine again, idle", await measureHostStalls(STALL_PROBE_MS));
  const list = await measureToolsList(1000, 2000);
  console.log(
    `3. tools/list, ${list.toolCount} tools (${(list.bytes / 1024).toFixed(0)} KB), ${list.iterations} calls   p50 ${fmt(list.p50)} ms  p99 ${fmt(list.p99)} ms`,
  );
  console.log(
    "\nTargets: (1) >= 5000 req/s, 0 errors; (2) added p50 <= 0.5 ms, p99 <= 2 ms; (3) p99 <= 5 ms",
  );
} finally {
  await portico.stop();
  upstreamServer.stop();
  minimalProxy.stop();
  otlpSink?.stop();
}
