// Prints what paired-load.ts measured on an "off" and an "on" server (target 0 and 1): per run, the
// latencies and each window's on/off ratio of CPU per call; over all runs, the median ratio with its
// bootstrap 95 % confidence interval, and the position biases the design means to cancel (which server
// got each pair's first request, which was started first), estimated from the windows themselves.
import { bootstrapMedianCi, median } from "./bootstrap.ts";
import type { PairedResult, TargetSummary } from "./paired-load.ts";

export interface PairedRun {
  result: PairedResult;
  /** Which server was started first in this run. */
  startedFirst: "off" | "on";
}

const percent = (ratio: number) => `${ratio >= 1 ? "+" : ""}${((ratio - 1) * 100).toFixed(1)} %`;
const ms = (value: number) => value.toFixed(2);

function latency(label: string, target: TargetSummary) {
  const check =
    target.statCpuMs === null
      ? ""
      : `; CPU ${target.threadsCpuMs.toFixed(0)} ms by thread vs ${target.statCpuMs.toFixed(0)} ms by /proc/<pid>/stat`;
  const errors = target.errors ? `, ${target.errors} errors (first: ${target.firstError})` : "";
  return `${label} p50 ${ms(target.p50)} ms, p99 ${ms(target.p99)} ms${errors}${check}`;
}

const ratioOf = (window: { cpuMicros: [number, number] }) => window.cpuMicros[1] / window.cpuMicros[0];

export function reportPairedRun(run: PairedRun, index: number) {
  const { result } = run;
  const ratios = result.windows.map(ratioOf);
  console.log(
    `run ${index + 1} (${run.startedFirst} started first), ${result.windows.length} windows: ` +
      `off ${median(result.windows.map((window) => window.cpuMicros[0])).toFixed(1)} → ` +
      `on ${median(result.windows.map((window) => window.cpuMicros[1])).toFixed(1)} µs/call (medians), ` +
      `median ratio ${percent(median(ratios))}; load generator late p99 ${ms(result.lateP99)} ms`,
  );
  console.log(`    ${latency("off", result.targets[0])}`);
  console.log(`    ${latency("on ", result.targets[1])}`);
  console.log(`    on/off by window: ${ratios.map((ratio) => percent(ratio).replace(" ", "")).join(" ")}`);
}

export function reportPairedSummary(runs: PairedRun[]) {
  const windows = runs.flatMap((run) => run.result.windows);
  const ratios = windows.map(ratioOf);
  const [low, high] = bootstrapMedianCi(ratios);
  const off = median(windows.map((window) => window.cpuMicros[0]));
  const on = median(windows.map((window) => window.cpuMicros[1]));
  console.log(
    `\nCPU per tools/call, ${windows.length} windows: off ${off.toFixed(1)} µs → on ${on.toFixed(1)} µs (medians); ` +
      `median on/off ${percent(median(ratios))}, 95 % CI ${percent(low)} to ${percent(high)} (target: within 10 %)`,
  );
  // Each bias is the median ratio where "on" held the position over the median where "off" did; the
  // design alternates both, so neither is in the figure above, but a large one says the pairing leaks.
  const bias = (onHeld: boolean[]) => {
    const held = ratios.filter((_, index) => onHeld[index]);
    const notHeld = ratios.filter((_, index) => !onHeld[index]);
    return held.length && notHeld.length ? percent(median(held) / median(notHeld)) : "n/a";
  };
  const onFirstInPair = windows.map((window) => window.first === 1);
  const onStartedFirst = runs.flatMap((run) => run.result.windows.map(() => run.startedFirst === "on"));
  console.log(
    `  position bias (ratio when "on" holds it / when "off" does): first request of each pair ${bias(onFirstInPair)}, ` +
      `started first ${bias(onStartedFirst)}`,
  );
}
