// node bench/observability-overhead.ts — what metrics, tracing and the per-call log add to one tool call,
// measured inside one process where the shared machine's noise is small: admission.ts's callTool
// (quota, run, record; what every door calls) of `calculate`, in blocks alternating observability off
// and on, CPU time of the whole process (the embedded database's thread and the call log included) per
// call. `npm run bench:gateway` with BENCH_OBSERVABILITY=compare measures the same over HTTP, where
// two runs of the same server differ by more than the 10 % asked for.
// BENCH_TRACE_RATIO (default 1) is the share of calls traced; spans go to a local OTLP sink process.
// BENCH_BLOCK calls per block (default 5000), BENCH_BLOCKS blocks each way (default 6). Run it with the
// server's flags as the server runs: node $(node scripts/server-node-flags.ts) bench/observability-overhead.ts
import { spawn } from "node:child_process";
import { openSync, readdirSync, readFileSync, writeSync } from "node:fs";
import path from "node:path";
import { PerformanceObserver } from "node:perf_hooks";
import { createApp } from "../src/server/app.ts";
import { setPlanByHand } from "../src/server/billing/subscriptions.ts";
import { parseConfig } from "../src/server/config.ts";
import { openDatabase } from "../src/server/db/client.ts";
import { organization, organizationMember, project, user } from "../src/server/db/schema/index.ts";
import type { Principal } from "../src/server/gateway/auth/principal.ts";
import { callTool } from "../src/server/gateway/pipeline/admission.ts";
import { configureLogging, setLogOutput } from "../src/server/observability/logger.ts";
import { setMetricsCounting } from "../src/server/observability/metrics.ts";
import { createTracing } from "../src/server/observability/tracing.ts";
import { freePort } from "./support/portico-process.ts";

const BLOCK = Number(process.env.BENCH_BLOCK ?? 5000);
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 6);
const YIELD_EVERY = 50;
const root = path.resolve(import.meta.dirname, "..");

const port = await freePort();
const sink = spawn(
  path.join(root, "node_modules/.bin/node"),
  [path.join(root, "bench/support/otlp-sink.ts")],
  {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  },
);
await new Promise<void>((resolve) => sink.stdout?.once("data", () => resolve()));

const config = parseConfig({
  APP_ENV: "test",
  BASE_URL: "http://localhost:3000",
  BETTER_AUTH_SECRET: "x".repeat(40),
});
const app = await createApp(config, await openDatabase({ kind: "pglite", dataDir: null }));
await app.db.insert(user).values({ id: "u1", name: "Bench", email: "bench@example.test" });
await app.db.insert(organization).values({ id: "o1", name: "Bench" });
await app.db.insert(organizationMember).values({ organizationId: "o1", userId: "u1", role: "owner" });
await app.db.insert(project).values({ id: "p1", organizationId: "o1", name: "Bench" });
await setPlanByHand(app, "o1", "business", "monthly");
const principal: Principal = {
  projectId: "p1",
  organizationId: "o1",
  kind: "api_key",
  apiKeyId: null,
  oauthClientId: null,
  oauthClientName: null,
  callerName: "bench",
  userId: "u1",
  person: null,
};
const calculate = (await app.gateway.tools.toolsFor("p1")).byName.get("calculate");
if (!calculate) throw new Error("no calculate tool");

// BENCH_LOG=off leaves the per-call log line out of "on": metrics and tracing alone.
const logCalls = process.env.BENCH_LOG !== "off";
// Log lines go to /dev/null through the same write the server makes to its standard output.
const devNull = openSync("/dev/null", "w");
const tracing = createTracing({
  environment: "test",
  tracing: {
    endpoint: `http://127.0.0.1:${port}/v1/traces`,
    // BENCH_OTLP_PROTOCOL=http/json measures the JSON encoding.
    protocol: process.env.BENCH_OTLP_PROTOCOL === "http/json" ? "http/json" : "http/protobuf",
    serviceName: "portico-bench",
    sampleRatio: Number(process.env.BENCH_TRACE_RATIO ?? 1),
    traceUrl: undefined,
  },
});

function observability(on: boolean) {
  setMetricsCounting(on);
  configureLogging({ level: on && logCalls ? "info" : "warn", format: "json" });
  setLogOutput((text) => void writeSync(devNull, text));
  (app as { tracing: typeof tracing }).tracing = on ? tracing : null;
}

// Garbage collections during the blocks, per side: how many and their pause time (µs a call).
const gc = { off: { count: 0, ms: 0 }, on: { count: 0, ms: 0 } };
let gcSide: "off" | "on" | null = null;
new PerformanceObserver((list) => {
  if (!gcSide) return;
  for (const entry of list.getEntries()) {
    gc[gcSide].count++;
    gc[gcSide].ms += entry.duration;
  }
}).observe({ entryTypes: ["gc"] });

// CPU time by thread (Linux's /proc/self/task/*/schedstat, nanoseconds on a CPU): the main thread,
// the embedded database's and V8's helpers (concurrent GC, compilers), per side.
function threadTimes(): Map<string, number> {
  const times = new Map<string, number>();
  try {
    for (const tid of readdirSync("/proc/self/task")) {
      const stat = readFileSync(`/proc/self/task/${tid}/schedstat`, "utf8");
      times.set(tid === String(process.pid) ? "main" : tid, Number(stat.split(" ")[0]));
    }
  } catch {
    // Not Linux (or a thread ended while read): no breakdown.
  }
  return times;
}
const threads = { off: new Map<string, number>(), on: new Map<string, number>() };

async function block(on: boolean): Promise<number> {
  observability(on);
  await app.gateway.recorder.flush();
  gcSide = on ? "on" : "off";
  const threadsBefore = threadTimes();
  const before = process.cpuUsage();
  for (let call = 0; call < BLOCK; call++) {
    const outcome = await callTool(app, {
      door: "mcp",
      tool: calculate as NonNullable<typeof calculate>,
      args: { expression: "(1250 * 1.21) / 12" },
      principal,
    });
    if (!outcome.ok || outcome.result.isError) throw new Error("the call failed");
    // A server turns the event loop between requests; a loop of awaited calls alone never would,
    // and timers and exports (the span exporter's) would wait until the block's end.
    if (call % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setImmediate(resolve));
  }
  await app.gateway.recorder.flush();
  if (on) await tracing?.flush();
  const used = process.cpuUsage(before);
  const blockThreads: string[] = [];
  for (const [thread, ns] of threadTimes()) {
    const side = threads[on ? "on" : "off"];
    side.set(thread, (side.get(thread) ?? 0) + ns - (threadsBefore.get(thread) ?? 0));
    const used = (ns - (threadsBefore.get(thread) ?? 0)) / 1000 / BLOCK;
    if (used >= 0.5) blockThreads.push(`${thread} ${used.toFixed(1)}`);
  }
  if (process.env.BENCH_VERBOSE) console.log(`${on ? "on " : "off"} ${blockThreads.join(", ")}`);
  // GC entries arrive on a later turn: let them in before the side changes.
  await new Promise((resolve) => setImmediate(resolve));
  gcSide = null;
  return (used.user + used.system) / BLOCK;
}

for (let warm = 0; warm < 2; warm++) {
  await block(false);
  await block(true);
}
const results: Record<"off" | "on", number[]> = { off: [], on: [] };
// BENCH_ONLY=on|off runs one side only (for a --cpu-prof of it).
const only = process.env.BENCH_ONLY;
threads.off.clear();
threads.on.clear();
gc.off = { count: 0, ms: 0 };
gc.on = { count: 0, ms: 0 };
for (let index = 0; index < BLOCKS; index++) {
  const order = only ? [only === "on"] : index % 2 === 0 ? [false, true] : [true, false];
  for (const on of order) results[on ? "on" : "off"].push(await block(on));
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const off = median(results.off);
const on = median(results.on);
console.log(`blocks of ${BLOCK} calls, CPU µs per call:`);
console.log(`  off: ${results.off.map((value) => value.toFixed(1)).join(", ")}`);
console.log(`  on:  ${results.on.map((value) => value.toFixed(1)).join(", ")}`);
console.log(
  `median off ${off.toFixed(1)} µs, on ${on.toFixed(1)} µs: +${(on - off).toFixed(1)} µs (${(((on - off) / off) * 100).toFixed(1)} %)` +
    ` with trace ratio ${process.env.BENCH_TRACE_RATIO ?? 1}, per-call log ${logCalls ? "on" : "off"}`,
);
for (const side of ["off", "on"] as const) {
  const calls = results[side].length * BLOCK;
  if (calls === 0) continue;
  console.log(
    `GC ${side}: ${gc[side].count} collections, ${((gc[side].ms * 1000) / calls).toFixed(2)} µs of pauses a call`,
  );
}
// Threads with at least 0.2 µs a call on either side, busiest first.
const names = [...new Set([...threads.off.keys(), ...threads.on.keys()])];
const perCall = (side: "off" | "on", name: string) =>
  results[side].length ? (threads[side].get(name) ?? 0) / 1000 / (results[side].length * BLOCK) : 0;
const busy = names
  .filter((name) => perCall("off", name) >= 0.2 || perCall("on", name) >= 0.2)
  .sort((a, b) => perCall("on", b) - perCall("on", a));
for (const name of busy) {
  console.log(
    `thread ${name}: off ${perCall("off", name).toFixed(2)}, on ${perCall("on", name).toFixed(2)} µs a call`,
  );
}
if (tracing) console.log(`spans dropped by the exporter: ${tracing.dropped()}`);
await app.gateway.stop();
await app.database.close();
await tracing?.shutdown();
sink.kill("SIGTERM");
process.exit(0);
