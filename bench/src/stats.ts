// Latency summaries. Percentiles by the nearest-rank method on the sorted sample (no interpolation:
// a reported p99 is a latency some webhook actually had).
export interface LatencySummary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) {
    return Number.NaN;
  }
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarize(values: readonly number[]): LatencySummary {
  const sorted = [...values].sort((a, b) => a - b);
  const sum = sorted.reduce((a, b) => a + b, 0);
  const r = (n: number): number => Math.round(n * 100) / 100;
  return {
    count: sorted.length,
    p50: r(percentile(sorted, 50)),
    p90: r(percentile(sorted, 90)),
    p99: r(percentile(sorted, 99)),
    max: r(sorted.length ? sorted[sorted.length - 1] : Number.NaN),
    mean: r(sorted.length ? sum / sorted.length : Number.NaN),
  };
}
