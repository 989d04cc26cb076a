// Two Portico configurations (a reference and a candidate) measured against each other with
// paired-load.ts: `runs` pairs of fresh servers, started in alternating order, each pair loaded at the
// same time with one request shape, a warm-up then its share of the windows. Used by bench/gateway.ts
// for observability off vs on and for a baseline revision vs this checkout.
import type { RequestSpec } from "./load.ts";
import { pairedFixedRate } from "./paired-load.ts";
import { type PairedLabels, type PairedRun, reportPairedRun } from "./paired-report.ts";
import type { PorticoProcess } from "./portico-process.ts";
import { waitUntilIdle } from "./process-cpu.ts";

export interface PairedSide {
  label: string;
  start: () => Promise<PorticoProcess>;
}

export interface PairedPlan {
  runs: number;
  windows: number;
  windowMs: number;
  perSecond: number;
}

/** Reads BENCH_PAIRED_RUNS, BENCH_WINDOWS, BENCH_WINDOW_SECONDS and BENCH_PAIRED_RATE. */
export function pairedPlanFromEnv(): PairedPlan {
  const runs = Number(process.env.BENCH_PAIRED_RUNS ?? 2);
  const windows = Number(process.env.BENCH_WINDOWS ?? 32);
  const windowMs = Number(process.env.BENCH_WINDOW_SECONDS ?? 2) * 1000;
  const perSecond = Number(process.env.BENCH_PAIRED_RATE ?? 1000);
  if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(windows) || windows < 2 * runs)
    throw new Error("BENCH_PAIRED_RUNS must be 1 or more, BENCH_WINDOWS at least 2 a run");
  if (!(windowMs > 0) || !(perSecond > 0))
    throw new Error("BENCH_WINDOW_SECONDS and BENCH_PAIRED_RATE must be positive");
  return { runs, windows, windowMs, perSecond };
}

export async function comparePaired(
  sides: [PairedSide, PairedSide],
  request: (portico: PorticoProcess) => RequestSpec,
  plan: PairedPlan,
): Promise<PairedRun[]> {
  const labels: PairedLabels = [sides[0].label, sides[1].label];
  const results: PairedRun[] = [];
  for (let run = 0; run < plan.runs; run++) {
    const startedFirst = run % 2 === 0 ? 0 : 1;
    const [firstSide, secondSide] = startedFirst === 0 ? sides : [sides[1], sides[0]];
    const first = await firstSide.start();
    const second = await secondSide.start();
    const pair = startedFirst === 0 ? [first, second] : [second, first];
    const [reference, candidate] = pair as [PorticoProcess, PorticoProcess];
    try {
      for (const portico of pair) {
        if ((await waitUntilIdle(portico.pid)) === null)
          console.log("    (still busy after 60 s; measuring anyway)");
      }
      const result = await pairedFixedRate(
        [
          { pid: reference.pid, spec: request(reference) },
          { pid: candidate.pid, spec: request(candidate) },
        ],
        {
          perSecond: plan.perSecond,
          warmupMs: 5000,
          windowMs: plan.windowMs,
          // Split as evenly as whole windows allow, an even number a run so the first-request swap cancels.
          windows: 2 * Math.round(plan.windows / plan.runs / 2),
        },
      );
      results.push({ result, startedFirst });
      reportPairedRun({ result, startedFirst }, run, labels);
    } finally {
      await reference.stop();
      await candidate.stop();
    }
  }
  return results;
}
