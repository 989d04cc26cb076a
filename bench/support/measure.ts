// Recall@1, @5, mean reciprocal rank and search latency of a labeled set, for bench/toolsearch.ts.
import type { SearchableTool } from "../../src/server/tool-search/tool-search.ts";
import type { LabeledQuery } from "../toolsearch-queries.ts";

export interface Outcome<Q extends LabeledQuery> {
  query: Q;
  /** 1-based rank of the first fitting tool among the first 5, or 0 when none is there. */
  rank: number;
  found: string[];
  ms: number;
}

const RUNS = 3;

export type Search = (tools: readonly SearchableTool[], query: string, limit: number) => SearchableTool[];

export function measure<Q extends LabeledQuery>(
  search: Search,
  tools: readonly SearchableTool[],
  queries: readonly Q[],
): Outcome<Q>[] {
  return queries.map((query) => {
    // The least of a few runs: the search's own time, not that of other processes sharing the cores.
    let ms = Number.POSITIVE_INFINITY;
    let found: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      found = search(tools, query.query, 5).map((tool) => tool.name);
      ms = Math.min(ms, performance.now() - started);
    }
    const index = found.findIndex((name) => query.expected.includes(name));
    return { query, rank: index + 1, found, ms };
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** The figures of a set of outcomes. */
export function summary(outcomes: readonly Outcome<LabeledQuery>[]) {
  const count = outcomes.length;
  const at1 = outcomes.filter((outcome) => outcome.rank === 1).length;
  const at5 = outcomes.filter((outcome) => outcome.rank > 0).length;
  const mrr = outcomes.reduce((sum, outcome) => sum + (outcome.rank > 0 ? 1 / outcome.rank : 0), 0) / count;
  const ms = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
  return { count, at1, at5, mrr, p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1).padStart(5)} %`;

/** One line of figures: recall@1, @5, MRR and latency. */
export function figures(title: string, outcomes: readonly Outcome<LabeledQuery>[]): string {
  const s = summary(outcomes);
  return (
    `${title.padEnd(34)} n=${String(s.count).padStart(3)}  @1 ${pct(s.at1, s.count)}  @5 ${pct(s.at5, s.count)}` +
    `  MRR ${s.mrr.toFixed(3)}  p50 ${s.p50.toFixed(2)} ms  p95 ${s.p95.toFixed(2)} ms`
  );
}

/** The outcomes grouped by a key (an integration, a kind of query), in key order. */
export function groupedBy<Q extends LabeledQuery>(
  outcomes: readonly Outcome<Q>[],
  keys: (query: Q) => string[],
): [string, Outcome<Q>[]][] {
  const groups = new Map<string, Outcome<Q>[]>();
  for (const outcome of outcomes) {
    for (const key of keys(outcome.query)) groups.set(key, [...(groups.get(key) ?? []), outcome]);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}
