// The median of a few dozen measurements and a percentile-bootstrap 95 % confidence interval for it:
// resample the measurements with replacement, take each resample's median, and read the 2.5th and
// 97.5th percentiles of those medians. Seeded, so the same windows always give the same interval.

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** mulberry32: a small, fast 32-bit generator; plenty for resampling indexes. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** [low, high] of the median of `values`, 95 % percentile bootstrap. */
export function bootstrapMedianCi(values: readonly number[], resamples = 5000, seed = 30): [number, number] {
  if (values.length === 0) return [Number.NaN, Number.NaN];
  const random = seededRandom(seed);
  const medians = new Float64Array(resamples);
  const resample = new Array<number>(values.length);
  for (let round = 0; round < resamples; round++) {
    for (let index = 0; index < values.length; index++)
      resample[index] = values[Math.floor(random() * values.length)] as number;
    medians[round] = median(resample);
  }
  medians.sort();
  return [
    medians[Math.floor(resamples * 0.025)] as number,
    medians[Math.min(resamples - 1, Math.floor(resamples * 0.975))] as number,
  ];
}
