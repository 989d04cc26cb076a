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
import { openSync, writeSync } from "node:fs";
import path from "node:path";
import { createApp } from "../src/server/app.ts";
import { setPlanByHand } from "../src/server/billing/subscriptions.ts";
import { parseConfig } from "../src/server/config.ts";
import { openDatabase } from "../src/server/db/client.ts";
import { organization, organizationMember, project, user } from "../src/server/db/schema/index.ts";
import { callTool } from "../src/server/gateway/admission.ts";
import type { Principal } from "../src/server/gateway/principal.ts";
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

async function block(on: boolean): Promise<number> {
  observability(on);
  await app.gateway.recorder.flush();
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
  return (used.user + used.system) / BLOCK;
}

for (let warm = 0; warm < 2; warm++) {
  await block(false);
  await block(true);
}
const results: Record<"off" | "on", number[]> = { off: [], on: [] };
for (let index = 0; index < BLOCKS; index++) {
  const order = index % 2 === 0 ? [false, true] : [true, false];
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
if (tracing) console.log(`spans dropped by the exporter: ${tracing.dropped()}`);
await app.gateway.stop();
await app.database.close();
await tracing?.shutdown();
sink.kill("SIGTERM");
process.exit(0);
