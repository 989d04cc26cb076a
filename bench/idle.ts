// npm run bench:idle — what an idle Portico costs: the production build (scripts/serve.ts, as
// `npm start` runs it, on the embedded PGlite in a fresh data folder) is started and signed up like the
// gateway benchmark's, then left alone. It prints the RSS right after start, then after BENCH_IDLE_SECONDS
// (default 60) the RSS again and the CPU the process used per second over the last BENCH_IDLE_WINDOW
// seconds (default 20), every thread counted to the nanosecond (schedstat), and which threads used it.
// Targets (issue 46): idle CPU <= 3 ms per second, RSS <= 300 MB after a minute.
//
// Then what holds the memory (support/process-memory.ts): RSS by kind of mapping (WebAssembly memory,
// mapped files, malloc, the rest) and each JS thread's heap by space, read by support/memory-probe.ts,
// which the benchmark preloads into the server (NODE_OPTIONS=--import). With BENCH_IDLE_RESTART=1
// (the default) each server is then stopped and started again on the data folder it made, and idles
// another BENCH_IDLE_SECONDS: a restarted server opens an existing database, as most starts do.
//
// BENCH_BASELINE=<git revision> starts that revision's build beside this checkout's at the same time
// (support/baseline-checkout.ts), so both idle on the same machine in the same minute.
import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { prepareBaseline } from "./support/baseline-checkout.ts";
import { type PorticoProcess, startPortico } from "./support/portico-process.ts";
import { describeMemory, probeReport, smapsBreakdown } from "./support/process-memory.ts";

const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const windowSeconds = Math.min(idleSeconds, Number(process.env.BENCH_IDLE_WINDOW ?? 20));

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** CPU nanoseconds of each thread of `pid` so far, by thread name (several may share one). */
function threadCpuNs(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      // Worker threads (the embedded database's) share the main thread's name.
      const comm = readFileSync(`/proc/${pid}/task/${task}/comm`, "utf8").trim();
      const name = task === String(pid) ? "main" : comm === "node" ? "worker" : comm;
      const schedstat = readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8");
      const ns = Number(schedstat.slice(0, schedstat.indexOf(" ")));
      byName.set(name, (byName.get(name) ?? 0) + ns);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return byName;
}

interface Side {
  label: string;
  root?: string;
  portico: PorticoProcess;
  rssAtStart: number;
  probeFile: string;
}

const probe = path.join(import.meta.dirname, "support/memory-probe.ts");
const serverEnv = (probeFile: string) => ({
  METRICS: "off",
  LOG_LEVEL: "warn",
  PORTICO_MEMORY_PROBE: probeFile,
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${probe}`.trim(),
});

const sides: Side[] = [];
const baseline = process.env.BENCH_BASELINE;
const restart = process.env.BENCH_IDLE_RESTART !== "0";

/** Idles every side for idleSeconds, then prints its CPU, RSS and what holds the memory. */
async function idleAndReport(title: string) {
  console.log(`\n${title}: idle for ${idleSeconds} s, CPU measured over the last ${windowSeconds} s`);
  await new Promise((resolve) => setTimeout(resolve, (idleSeconds - windowSeconds) * 1000));
  const before = sides.map((side) => threadCpuNs(side.portico.pid));
  const startedAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, windowSeconds * 1000));
  const elapsedS = (performance.now() - startedAt) / 1000;
  sides.forEach((side, index) => {
    const after = threadCpuNs(side.portico.pid);
    let totalNs = 0;
    const threads: string[] = [];
    for (const [name, ns] of after) {
      const used = ns - (before[index]?.get(name) ?? 0);
      totalNs += used;
      if (used > 0) threads.push(`${name} ${(used / 1e6 / elapsedS).toFixed(2)}`);
    }
    console.log(
      `${side.label.padEnd(20)} idle CPU ${(totalNs / 1e6 / elapsedS).toFixed(2)} ms/s  ` +
        `RSS ${side.rssAtStart.toFixed(0)} MB after start -> ${rssMb(side.portico.pid).toFixed(0)} MB after ${idleSeconds} s`,
    );
    console.log(`${"".padEnd(20)} by thread (ms/s): ${threads.join(", ")}`);
  });
  for (const side of sides) {
    const report = await probeReport(side.portico.pid, side.probeFile);
    for (const line of describeMemory(smapsBreakdown(side.portico.pid), report)) {
      console.log(`${side.label.padEnd(20)} ${line}`);
    }
  }
}

try {
  const starts: { label: string; root?: string }[] = [];
  if (baseline) {
    const checkout = prepareBaseline(baseline);
    starts.push({ label: `base ${checkout.commit.slice(0, 12)}`, root: checkout.root });
  }
  starts.push({ label: "head" });
  for (const [index, start] of starts.entries()) {
    const probeFile = path.join(tmpdir(), `portico-memory-probe-${process.pid}-${index}.json`);
    const portico = await startPortico(serverEnv(probeFile), start.root);
    sides.push({ ...start, portico, rssAtStart: rssMb(portico.pid), probeFile });
  }
  await idleAndReport("Started on a new data folder");
  if (restart) {
    // Together, so both idle for the same time.
    await Promise.all(
      sides.map(async (side) => {
        await side.portico.stop({ keepData: true });
        side.portico = await startPortico(serverEnv(side.probeFile), side.root, side.portico.dataDir);
        side.rssAtStart = rssMb(side.portico.pid);
      }),
    );
    await idleAndReport("Restarted on the data folder it made");
  }
  console.log("\nTargets: idle CPU <= 3 ms/s; RSS <= 300 MB after a minute");
} finally {
  await Promise.all(sides.map((side) => side.portico.stop()));
}
