// npm run bench:junk-keys — a good API key's latency before, during and after a flood of made-up keys
// (issue 42: 3,000 random "ptk_…" keys a second took a good key's p99 from 17 ms to 960 ms on the
// embedded database). Portico runs as its own process (the production build), the flood as another
// (bench/support/junk-key-flood.ts), both on loopback; this process calls tools/call calculate with the
// good key at BENCH_GOOD_RATE a second (default 200) for BENCH_SECONDS (default 10) in each phase and
// prints p50/p99 of each phase and the ratio of the flood's p99 to the one before (target: at most 2).
// BENCH_FLOOD_RATE sets the flood's rate (default 3,000 a second), BENCH_FLOOD_FROM `many` (default:
// each connection from its own loopback address, below the per-address limit, so the unknown key's own
// cost is measured) or `one` (all from 127.0.0.1: the per-address limit answers 429).
// BENCH_DATABASE_URL runs Portico on that PostgreSQL instead of the embedded database.
// BENCH_BASELINE=<git revision> (main, a commit) builds that revision beside this checkout
// (support/baseline-checkout.ts) and runs the same phases on it first, then on this checkout: a
// change's figures against main in one command, under the same load of the machine.
// The flood runs in its own session (Linux autogroup: scheduled as another program, as a flood from
// another machine would be); BENCH_FLOOD_SESSION=shared keeps it in this one, where it took its CPU
// from Portico's share.
import { spawn } from "node:child_process";
import path from "node:path";
import { prepareBaseline } from "./support/baseline-checkout.ts";
import { fixedRate, type LoadResult, type RequestSpec } from "./support/load.ts";
import { type PorticoProcess, startPortico } from "./support/portico-process.ts";
import { processTreeCpuMs, waitUntilIdle } from "./support/process-cpu.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const goodRate = Number(process.env.BENCH_GOOD_RATE ?? 200);
const floodRate = Number(process.env.BENCH_FLOOD_RATE ?? 3000);
const floodFrom = process.env.BENCH_FLOOD_FROM === "one" ? "one" : "many";
const floodOwnSession = process.env.BENCH_FLOOD_SESSION !== "shared";
const durationMs = seconds * 1000;
const thisCheckout = path.resolve(import.meta.dirname, "..");

function goodCallTo(portico: PorticoProcess): RequestSpec {
  return {
    url: `${portico.baseUrl}/mcp`,
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      authorization: `Bearer ${portico.apiKey}`,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "calculate", arguments: { expression: "6 * 7" } },
    }),
    check: (body) =>
      body.includes('"isError":true') || body.includes('"error"') ? body.slice(0, 200) : null,
  };
}

function report(label: string, result: LoadResult, cpuMs: number | null) {
  const cpu = cpuMs === null ? "" : `  Portico CPU ${(cpuMs / durationMs).toFixed(2)} cores`;
  console.log(
    `${label.padEnd(30)} ${result.perSecond.toFixed(0).padStart(5)} req/s  p50 ${result.p50.toFixed(2).padStart(8)} ms  p99 ${result.p99.toFixed(2).padStart(8)} ms  errors ${result.errors}${cpu}${result.firstError ? ` (first: ${result.firstError})` : ""}`,
  );
}

interface Phase {
  result: LoadResult;
  /** CPU Portico used meanwhile (null where /proc is missing). */
  cpuMs: number | null;
}

async function phase(portico: PorticoProcess, call: RequestSpec): Promise<Phase> {
  const cpuBefore = processTreeCpuMs(portico.pid);
  const result = await fixedRate(call, goodRate, durationMs);
  const cpuAfter = processTreeCpuMs(portico.pid);
  return { result, cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore };
}

/** The flood as its own process, for `floodSeconds`; resolves with its summary line. */
function startFlood(portico: PorticoProcess, floodSeconds: number): Promise<string> {
  const child = spawn(
    path.join(thisCheckout, "node_modules/.bin/node"),
    [
      path.join(thisCheckout, "bench/support/junk-key-flood.ts"),
      `${portico.baseUrl}/mcp`,
      String(floodRate),
      String(floodSeconds),
      floodFrom,
    ],
    { cwd: thisCheckout, stdio: ["ignore", "pipe", "inherit"], detached: floodOwnSession },
  );
  process.once("exit", () => child.kill("SIGKILL"));
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) =>
      code === 0 ? resolve(output.trim()) : reject(new Error(`flood exited ${code}`)),
    );
  });
}

interface Figures {
  before: Phase;
  during: Phase;
  after: Phase;
}

/** Before, during and after the flood, on the build of the checkout at `root`. */
async function measure(root: string): Promise<Figures> {
  const portico = await startPortico(
    process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {},
    root,
  );
  const call = goodCallTo(portico);
  try {
    await fixedRate(call, goodRate, Math.min(3000, durationMs)); // warm-up
    await waitUntilIdle(portico.pid);
    const before = await phase(portico, call);
    report("before the flood", before.result, before.cpuMs);
    // The flood runs a second longer on each side than the measurement, so all of it is under flood.
    const flood = startFlood(portico, seconds + 2);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const during = await phase(portico, call);
    report("during the flood", during.result, during.cpuMs);
    const floodSummary = await flood;
    console.log(`    flood: ${floodSummary}`);
    // What a refused key costs Portico: the CPU the flood added, over the keys answered meanwhile.
    const answered = Object.values(
      (JSON.parse(floodSummary) as { statuses: Record<string, number> }).statuses,
    ).reduce((sum, count) => sum + count, 0);
    if (before.cpuMs !== null && during.cpuMs !== null && answered > 0) {
      const perKey = ((during.cpuMs - before.cpuMs) * 1000) / ((answered * seconds) / (seconds + 2));
      console.log(
        `    Portico CPU per refused key: ~${perKey.toFixed(0)} µs (the flood's added CPU / keys answered)`,
      );
    }
    await waitUntilIdle(portico.pid);
    const after = await phase(portico, call);
    report("after the flood", after.result, after.cpuMs);
    const ratio = during.result.p99 / before.result.p99;
    console.log(
      `p99 during / before: ${ratio.toFixed(2)} (target <= 2: ${ratio <= 2 ? "met" : "NOT met"}); after / before: ${(after.result.p99 / before.result.p99).toFixed(2)}\n`,
    );
    return { before, during, after };
  } finally {
    await portico.stop();
  }
}

const database = process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "embedded PGlite";
console.log(
  `${database}; good key ${goodRate}/s, flood ${floodRate}/s of random keys from ${floodFrom === "many" ? "many loopback addresses" : "127.0.0.1"}${floodOwnSession ? " (own session)" : ""}, ${seconds} s per phase\n`,
);
const baselineRevision = process.env.BENCH_BASELINE;
if (baselineRevision) {
  const baseline = prepareBaseline(baselineRevision);
  console.log(`${baselineRevision} (${baseline.commit.slice(0, 12)}):`);
  const before = await measure(baseline.root);
  console.log("this checkout:");
  const after = await measure(thisCheckout);
  const ratio = (figures: Figures) => figures.during.result.p99 / figures.before.result.p99;
  console.log(
    `p99 during / before the flood: ${baselineRevision} ${ratio(before).toFixed(2)}, this checkout ${ratio(after).toFixed(2)}`,
  );
} else {
  console.log("this checkout:");
  await measure(thisCheckout);
}
