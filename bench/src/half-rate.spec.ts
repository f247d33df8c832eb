import { addedList, halfRateOrder, medianPair, waitedWhere } from './half-rate';
import type { HalfRatePair } from './report/result';
import type { StepResult } from './sweep';

const step = (p99: number): StepResult => ({
  rate: 200,
  durationMs: 8000,
  pass: true,
  stealPct: 0,
  sent: 1600,
  complete: 1600,
  errors: 0,
  errorSamples: [],
  latency: { count: 1600, p50: 3, p90: p99 / 2, p99, max: p99 * 2, mean: 4 },
  response: { count: 1600, p50: 2, p90: 3, p99: 4, max: 5, mean: 2 },
  ordersReceived: 16000,
  cpuCores: 1,
  cpuMsPerWebhook: 5,
  rssMiB: 600,
  peakRssMiB: 650,
  loadAvg1: 1,
});
const pair = (baselineP99: number, productP99: number): HalfRatePair => ({
  baseline: step(baselineP99),
  product: step(productP99),
});

describe('medianPair', () => {
  it('should read the pair whose added p99 is the median, not the median of each side', () => {
    // Added: +10, +50, +2, +14, +30 → the median is +14 (the fourth pair), though no side's own median is in it.
    const pairs = [pair(5, 15), pair(5, 55), pair(9, 11), pair(6, 20), pair(4, 34)];

    expect(medianPair(pairs)).toBe(pairs[3]);
  });

  it('should take the lower middle pair of an even count', () => {
    const pairs = [pair(5, 45), pair(5, 10), pair(5, 25), pair(5, 60)];

    expect(medianPair(pairs)).toBe(pairs[2]);
  });

  it('should refuse no pairs at all', () => {
    expect(() => medianPair([])).toThrow('no half-rate pairs');
  });
});

describe('addedList', () => {
  it('should list every pair in the order it ran, signed, to a tenth of a millisecond', () => {
    expect(addedList([pair(5, 15.04), pair(9, 7.5)])).toBe('+10, -1.5');
  });
});

describe('halfRateOrder', () => {
  it('should warm both sides up before the first pair, then alternate which side goes first', () => {
    expect(halfRateOrder(3)).toEqual([
      { side: 'baseline', warmUp: true },
      { side: 'product', warmUp: true },
      { side: 'baseline', pair: 1 },
      { side: 'product', pair: 1 },
      { side: 'product', pair: 2 },
      { side: 'baseline', pair: 2 },
      { side: 'baseline', pair: 3 },
      { side: 'product', pair: 3 },
    ]);
  });

  it('should give each pair one step of each side, and no side a step before both were warmed up', () => {
    const order = halfRateOrder(5);
    const firstStep = order.findIndex((r) => 'pair' in r);

    expect(order.slice(0, firstStep).map((r) => r.side)).toEqual(['baseline', 'product']);
    for (let pair = 1; pair <= 5; pair++) {
      expect(
        order
          .filter((r) => 'pair' in r && r.pair === pair)
          .map((r) => r.side)
          .sort(),
      ).toEqual(['baseline', 'product']);
    }
  });
});

describe('waitedWhere', () => {
  it("should say how many broker connections each side's step opened, when the result has it", () => {
    const p = pair(8, 40);
    p.product.firstOrder = { ...p.product.latency, p99: 39.5 };
    p.product.connectionsOpened = 63;
    p.baseline.connectionsOpened = 0;

    expect(waitedWhere(p)).toBe(", first order 39.5 ms, 63 new broker connections (0 in the baseline's step)");
  });

  it('should say nothing of connections for results from before they were counted', () => {
    expect(waitedWhere(pair(8, 40))).toBe('');
  });
});
