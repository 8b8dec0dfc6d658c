/** Order statistics for timings: the bench reports medians and tail percentiles, never means. */

/** The p-th percentile (0..100) by linear interpolation between the closest ranks; NaN for no samples. */
export function computePercentile(samples: readonly number[], percentile: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((left, right) => left - right);
  const rank = (percentile / 100) * (sorted.length - 1);
  const lower = Math.floor(rank);
  const upper = Math.ceil(rank);
  const weight = rank - lower;
  return sorted[lower]! * (1 - weight) + sorted[upper]! * weight;
}

export function computeMedian(samples: readonly number[]): number {
  return computePercentile(samples, 50);
}

/** Rounds for display and for results.json: enough digits to compare runs, no false precision. */
export function roundFigure(value: number): number {
  if (!Number.isFinite(value)) return value;
  const magnitude = Math.abs(value);
  if (magnitude >= 100) return Math.round(value);
  if (magnitude >= 10) return Math.round(value * 10) / 10;
  if (magnitude >= 1) return Math.round(value * 100) / 100;
  return Math.round(value * 1000) / 1000;
}
