// The latency targets compare the product with the baseline at one rate. One step of each says little: on these
// VMs the product's p99 over an 8-s step moved from 6 to 63 ms from one step to the next (docs/performance.md,
// eleventh and twelfth sessions), with a checkpoint or a collection landing in it or not. So the bench runs
// pairs of steps, baseline and product alternated in time, and reads the pair whose difference is the median.
import type { HalfRateComparison, HalfRatePair } from './report/result';

/** One run of the comparison: a side's discarded warm-up, or its step in pair `pair` (from 1). */
export type HalfRateRun = { side: keyof HalfRatePair; warmUp: true } | { side: keyof HalfRatePair; pair: number };

/**
 * The order the comparison runs in: both sides warmed up alike, then `pairs` pairs alternated (baseline first, then
 * product first, …). Until the fifty-third session only the baseline was warmed up here, as a new process, and the
 * product went into pair 1 after 20–30 s idle (its fan-out-50 sweep, the baseline's start, warm-up and first step):
 * long enough for its keep-alive connections to the broker to lapse (28 s against the simulator), so its first step
 * opened them again by the dozen, and read the worst of the five in 31 of 75 runs (docs/performance.md).
 */
export function halfRateOrder(pairs: number): HalfRateRun[] {
  const order: HalfRateRun[] = [
    { side: 'baseline', warmUp: true },
    { side: 'product', warmUp: true },
  ];
  for (let pair = 1; pair <= pairs; pair++) {
    const sides: (keyof HalfRatePair)[] = pair % 2 === 1 ? ['baseline', 'product'] : ['product', 'baseline'];
    order.push(...sides.map((side) => ({ side, pair })));
  }
  return order;
}

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
 * ", first order 41.2 ms, driver late 3.1 ms (1.2 in the baseline's step), 63 new broker connections (0 in the baseline's
 * step)" (p99s), for what the pair's steps measured (results before the twenty-ninth session had the first two, before
 * the fifty-third the last): where the product's late webhooks waited, the bench's own share of it, and whether the step
 * paid for connections to the simulator its keep-alive had let lapse. The bench's log and the report's list of pairs
 * both say it so.
 */
export const waitedWhere = ({ baseline, product }: HalfRatePair): string => {
  const ms = (n: number): string => n.toFixed(1);
  const first = product.firstOrder ? `, first order ${ms(product.firstOrder.p99)} ms` : '';
  const lag = product.driverLag
    ? `, driver late ${ms(product.driverLag.p99)} ms${baseline.driverLag ? ` (${ms(baseline.driverLag.p99)} in the baseline's step)` : ''}`
    : '';
  const opened =
    product.connectionsOpened === undefined
      ? ''
      : `, ${product.connectionsOpened} new broker connections${baseline.connectionsOpened === undefined ? '' : ` (${baseline.connectionsOpened} in the baseline's step)`}`;
  return first + lag + opened;
};
