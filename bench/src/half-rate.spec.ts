import { addedList, medianPair } from './half-rate';
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
