import { evaluateChecks } from './checks';
import type { HalfRateComparison, SoakResult } from './report/result';
import type { LatencySummary } from './stats';
import type { StepResult, SweepResult } from './sweep';

const latency = (p99: number): LatencySummary => ({ count: 100, p50: p99 / 2, p90: p99, p99, max: p99, mean: p99 / 2 });

const step = (rate: number, pass: boolean, stealPct = 0, p99 = 20): StepResult => ({
  rate,
  durationMs: 2000,
  pass,
  stealPct,
  sent: rate * 2,
  complete: rate * 2,
  errors: 0,
  errorSamples: [],
  latency: latency(p99),
  response: latency(p99),
  ordersReceived: rate * 20,
  cpuCores: 1,
  cpuMsPerWebhook: 5,
  rssMiB: 600,
  peakRssMiB: 650,
  loadAvg1: 1,
});

const sweep = (target: SweepResult['target'], sustainedRate: number, steps: StepResult[]): SweepResult => ({
  target,
  fanOut: 10,
  sustainedRate,
  steps,
});

const half = (productP99: number, baselineP99: number, stealPct = 0): HalfRateComparison => ({
  fanOut: 10,
  rate: 120,
  target: 'standalone',
  baseline: step(120, true, stealPct, baselineP99),
  product: step(120, true, stealPct, productP99),
});

/** A soak sampled every 5 s: `warmUp` samples of warm-up, then a 5-minute measured part of 61 samples. */
const soak = (warmUp: number[], measured: (i: number) => number, stealPct = 0): SoakResult => {
  const rss = [...warmUp, ...Array.from({ length: 61 }, (_, i) => measured(i))];
  return {
    target: 'standalone',
    fanOut: 10,
    rate: 120,
    durationMs: 300_000,
    warmUpS: warmUp.length * 5,
    rssMiB: rss.map((rssMiB, i) => ({ atS: i * 5, rssMiB })),
    latency: latency(30),
    errors: 0,
    stealPct,
  };
};
/** A plateau that moves ±20 MiB from one sample to the next, as garbage collections make it. */
const plateau = (i: number): number => 640 + (i % 2 === 0 ? 20 : -20);

const byName = (checks: ReturnType<typeof evaluateChecks>, start: string) =>
  checks.find((c) => c.name.startsWith(start));

describe('evaluateChecks', () => {
  const baseline = sweep('baseline', 480, [step(320, true), step(480, true), step(640, false)]);

  it('should judge throughput from quiet steps', () => {
    const sut = evaluateChecks(
      [baseline, sweep('standalone', 240, [step(160, true), step(240, true), step(320, false)])],
      [],
      null,
      null,
    );
    expect(byName(sut, 'standalone throughput')).toMatchObject({
      measured: '240/s vs 480/s = 50 %; between 38 and 67 % by the steps that failed above each',
      met: true,
    });
    expect(byName(sut, 'standalone throughput')?.unjudged).toBeUndefined();
  });

  it('should not judge throughput when a deciding step was stolen', () => {
    // The first failing step above the product's sustained rate ran with a third of the CPU taken.
    const sut = evaluateChecks(
      [baseline, sweep('standalone', 160, [step(160, true), step(320, false, 33)])],
      [],
      null,
      null,
    );
    expect(byName(sut, 'standalone throughput')).toMatchObject({
      met: null,
      unjudged: expect.stringContaining('33 %'),
    });
  });

  it("should read throughput against the mean of the relay's sweeps before and after the product", () => {
    const product = sweep('standalone', 400, [step(400, true), step(480, false)]);
    const faster = sweep('baseline', 960, [step(960, true), step(1120, false)]);
    const slower = sweep('baseline', 640, [step(640, true), step(800, false)]);

    // 400/s is under half of 960/s, and half of their mean (800/s) or more.
    expect(byName(evaluateChecks([faster, product], [], null, null, slower), 'standalone throughput')).toMatchObject({
      measured:
        "400/s vs 800/s = 50 % (the relay's mean: 960/s before the product, 640/s after it); between 42 and 60 % by the steps that failed above each",
      met: true,
    });
    expect(byName(evaluateChecks([faster, product], [], null, null), 'standalone throughput')).toMatchObject({
      measured: '400/s vs 960/s = 42 %; between 36 and 50 % by the steps that failed above each',
      met: false,
    });
  });

  it('should give no bracket when a sweep found no failing step above its rate', () => {
    // A product that passed every rate up to the plan's maximum: its rate is only known to be at least that.
    const unbounded = sweep('standalone', 320, [step(160, true), step(320, true)]);
    expect(byName(evaluateChecks([baseline, unbounded], [], null, null), 'standalone throughput')).toMatchObject({
      measured: '320/s vs 480/s = 67 %',
      met: true,
    });
  });

  it("should not judge throughput when a deciding step of the relay's second sweep was stolen", () => {
    const product = sweep('standalone', 240, [step(240, true), step(320, false)]);
    const stolenAfter = sweep('baseline', 480, [step(480, true), step(640, false, 20)]);

    expect(
      byName(evaluateChecks([baseline, product], [], null, null, stolenAfter), 'standalone throughput'),
    ).toMatchObject({ met: null, unjudged: expect.stringContaining('20 %') });
  });

  it('should ignore steal in steps that did not decide the sustained rate', () => {
    const noisyLow = sweep('standalone', 240, [step(10, true, 50), step(240, true), step(320, false)]);
    expect(byName(evaluateChecks([baseline, noisyLow], [], null, null), 'standalone throughput')).toMatchObject({
      met: true,
    });
  });

  it('should report a latency miss on quiet steps and not judge it on stolen ones', () => {
    expect(byName(evaluateChecks([], [half(40, 8)], null, null), 'standalone p99')).toMatchObject({ met: false });
    expect(byName(evaluateChecks([], [half(40, 8, 25)], null, null), 'standalone p99')).toMatchObject({
      met: null,
      unjudged: expect.stringContaining('25 %'),
    });
  });

  it('should judge latency from the median of alternated pairs, and list every pair', () => {
    // Added per pair: +40, +6, +9 (the median), +60, +2.
    const pairs = [half(48, 8), half(14, 8), half(17, 8), half(68, 8), half(10, 8)];
    const comparison: HalfRateComparison = { ...pairs[2], pairs };

    expect(byName(evaluateChecks([], [comparison], null, null), 'standalone p99')).toMatchObject({
      measured:
        '17 ms vs 8 ms at 120/s (median of 5 alternated pairs; product p99 − baseline p99 per pair: +40, +6, +9, +60, +2 ms)',
      met: true,
    });
  });

  it('should not judge latency when any pair was stolen, the median pair or not', () => {
    const pairs = [half(14, 8), half(17, 8, 30), half(10, 8)];

    expect(byName(evaluateChecks([], [{ ...pairs[0], pairs }], null, null), 'standalone p99')).toMatchObject({
      met: null,
      unjudged: expect.stringContaining('30 %'),
    });
  });

  it('should not count the warm-up as growth', () => {
    const risingThenFlat = soak([540, 560, 600, 620, 640], plateau);

    expect(byName(evaluateChecks([], [], null, risingThenFlat), 'memory')).toMatchObject({
      measured: '640 → 640 MiB (60 s means, after 25 s of warm-up)',
      met: true,
    });
  });

  it('should report growth that goes on after the warm-up', () => {
    const leaking = soak([600, 600], (i) => 600 + i * 1.5 + (i % 2 === 0 ? 20 : -20));

    expect(byName(evaluateChecks([], [], null, leaking), 'memory')).toMatchObject({ met: false });
  });

  it('should judge from a minute of samples at each end, not from one sample each', () => {
    // The last sample alone is 14 % above the first; the minutes around them are level.
    const noisyEnds = soak([600], (i) => (i === 0 ? 610 : i === 60 ? 695 : 640));

    expect(byName(evaluateChecks([], [], null, noisyEnds), 'memory')).toMatchObject({ met: true });
  });

  it('should not judge memory when the soak was stolen', () => {
    expect(byName(evaluateChecks([], [], null, soak([600], plateau, 40)), 'memory')).toMatchObject({
      met: null,
      unjudged: expect.any(String),
    });
  });

  it('should say "not run" for what was not measured', () => {
    const sut = evaluateChecks([], [], null, null);
    expect(sut.map((c) => [c.measured, c.met])).toEqual([
      ['not run', null],
      ['not run', null],
      ['not run', null],
      ['not run (use --soak)', null],
    ]);
  });
});
