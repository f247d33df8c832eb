// The latency targets compare the product with the baseline at one rate. One step of each says little: on these
// VMs the product's p99 over an 8-s step moved from 6 to 63 ms from one step to the next (docs/performance.md,
// eleventh and twelfth sessions), with a checkpoint or a collection landing in it or not. So the bench runs
// pairs of steps, baseline and product alternated in time, and reads the pair whose difference is the median.
import type { HalfRateComparison, HalfRatePair } from './report/result';

/** Every pair of a comparison (one, in results from before pairs). */
export const pairsOf = (h: HalfRateComparison): HalfRatePair[] => h.pairs ?? [h];

/** p99 the product added over the baseline in one pair, ms. */
export const added = (p: HalfRatePair): number => p.product.latency.p99 - p.baseline.latency.p99;

/** The pair whose added p99 is the median (the lower of the two middle ones for an even count). */
export function medianPair(pairs: readonly HalfRatePair[]): HalfRatePair {
  if (pairs.length === 0) {
    throw new Error('no half-rate pairs');
  }
  const sorted = [...pairs].sort((a, b) => added(a) - added(b));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** "+a, +b, …" in the order the pairs ran, for the report. */
export const addedList = (pairs: readonly HalfRatePair[]): string =>
  pairs.map((p) => `${added(p) >= 0 ? '+' : ''}${Math.round(added(p) * 10) / 10}`).join(', ');

/**
 * ", first order 41.2 ms, driver late 3.1 ms (1.2 in the baseline's step)" (p99s), for what the pair's steps measured (results
 * before the twenty-ninth session had neither): where the product's late webhooks waited, and the bench's own share of it.
 * The bench's log and the report's list of pairs both say it so.
 */
export const waitedWhere = ({ baseline, product }: HalfRatePair): string => {
  const ms = (n: number): string => n.toFixed(1);
  const first = product.firstOrder ? `, first order ${ms(product.firstOrder.p99)} ms` : '';
  const lag = product.driverLag
    ? `, driver late ${ms(product.driverLag.p99)} ms${baseline.driverLag ? ` (${ms(baseline.driverLag.p99)} in the baseline's step)` : ''}`
    : '';
  return first + lag;
};
