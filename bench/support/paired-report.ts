// Prints what paired-load.ts measured on two servers, a reference and a candidate (target 0 and 1:
// observability off and on, or a baseline revision and this one): per run, the latencies and each
// window's candidate/reference ratio of CPU per call; over all runs, the median ratio with its bootstrap
// 95 % confidence interval, and the position biases the design means to cancel (which server got each
// pair's first request, which was started first), estimated from the windows themselves.
import { bootstrapMedianCi, median } from "./bootstrap.ts";
import type { PairedResult, TargetSummary } from "./paired-load.ts";

export interface PairedRun {
  result: PairedResult;
  /** Which server was started first in this run: 0 the reference, 1 the candidate. */
  startedFirst: 0 | 1;
}

/** The names of target 0 (the reference) and target 1 (the candidate), as printed. */
export type PairedLabels = [string, string];

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

export function reportPairedRun(run: PairedRun, index: number, labels: PairedLabels) {
  const { result } = run;
  const [reference, candidate] = labels;
  const width = Math.max(reference.length, candidate.length);
  const ratios = result.windows.map(ratioOf);
  console.log(
    `run ${index + 1} (${labels[run.startedFirst]} started first), ${result.windows.length} windows: ` +
      `${reference} ${median(result.windows.map((window) => window.cpuMicros[0])).toFixed(1)} → ` +
      `${candidate} ${median(result.windows.map((window) => window.cpuMicros[1])).toFixed(1)} µs/call (medians), ` +
      `median ratio ${percent(median(ratios))}; load generator late p99 ${ms(result.lateP99)} ms`,
  );
  console.log(`    ${latency(reference.padEnd(width), result.targets[0])}`);
  console.log(`    ${latency(candidate.padEnd(width), result.targets[1])}`);
  console.log(
    `    ${candidate}/${reference} by window: ${ratios.map((ratio) => percent(ratio).replace(" ", "")).join(" ")}`,
  );
}

/** `what` names the calls measured; `target` is the bound the ratio is held to, as printed. */
export function reportPairedSummary(runs: PairedRun[], labels: PairedLabels, what: string, target: string) {
  const [reference, candidate] = labels;
  const windows = runs.flatMap((run) => run.result.windows);
  const ratios = windows.map(ratioOf);
  const [low, high] = bootstrapMedianCi(ratios);
  const referenceCpu = median(windows.map((window) => window.cpuMicros[0]));
  const candidateCpu = median(windows.map((window) => window.cpuMicros[1]));
  const p99 = (index: 0 | 1) => median(runs.map((run) => run.result.targets[index].p99));
  console.log(
    `\nCPU per ${what}, ${windows.length} windows: ${reference} ${referenceCpu.toFixed(1)} µs → ${candidate} ${candidateCpu.toFixed(1)} µs (medians); ` +
      `median ${candidate}/${reference} ${percent(median(ratios))}, 95 % CI ${percent(low)} to ${percent(high)} (target: ${target}); ` +
      `p99 ${ms(p99(0))} → ${ms(p99(1))} ms (median of runs)`,
  );
  // Each bias is the median ratio where the candidate held the position over the median where the
  // reference did; the design alternates both, so neither is in the figure above, but a large one says
  // the pairing leaks.
  const bias = (onHeld: boolean[]) => {
    const held = ratios.filter((_, index) => onHeld[index]);
    const notHeld = ratios.filter((_, index) => !onHeld[index]);
    return held.length && notHeld.length ? percent(median(held) / median(notHeld)) : "n/a";
  };
  const candidateFirstInPair = windows.map((window) => window.first === 1);
  const candidateStartedFirst = runs.flatMap((run) => run.result.windows.map(() => run.startedFirst === 1));
  console.log(
    `  position bias (ratio when ${candidate} holds it / when ${reference} does): first request of each pair ${bias(candidateFirstInPair)}, ` +
      `started first ${bias(candidateStartedFirst)}`,
  );
}
