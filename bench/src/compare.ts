// Sweeps and the same-rate comparison against the baseline, shared by the standalone and distributed runs.
import type { Simulator } from '@app/simulator';
import { startBaseline } from './baseline/baseline-target';
import { halfRateOrder, medianPair, waitedWhere } from './half-rate';
import type { HalfRateComparison, HalfRatePair } from './report/result';
import type { SimAccountSet } from './sim-world';
import { describeStalls } from './stalls';
import { runStep } from './sweep';
import type { StepResult, SweepResult } from './sweep';
import { findSustainedRate } from './sweep-plan';
import type { Target } from './target';

export interface RunContext {
  sim: Simulator;
  sets: SimAccountSet[];
  stepMs: number;
  refine: number;
  /** Discarded load before each sweep (every system alike). */
  warmUp: { rate: number; ms: number };
  /** Alternated baseline/product step pairs at half the product's rate (--half-rate-pairs). */
  halfRatePairs: number;
  log: (line: string) => void;
}

export async function withTarget<T>(start: () => Promise<Target>, work: (t: Target) => Promise<T>): Promise<T> {
  const target = await start();
  try {
    return await work(target);
  } finally {
    await target.close();
  }
}

export async function sweepAll(c: RunContext, target: Target): Promise<SweepResult[]> {
  const plan = { warmUp: c.warmUp, start: 10, max: 5000, refine: c.refine, stepMs: c.stepMs, restMs: 500, log: c.log };
  const out: SweepResult[] = [];
  for (const route of target.routes) {
    out.push(await findSustainedRate(c.sim, target, route, plan));
  }
  return out;
}

/**
 * Baseline and product at the same rate: half the product's sustained rate at fan-out 10, and at least
 * 2/s, so a product that sustains nothing still gets its latency target measured (and missed). Both are warmed up
 * alike and then run side by side for `c.halfRatePairs` pairs of steps, alternated (`halfRateOrder`), so that a slow
 * minute of the VM falls on both; the reading is the median pair (half-rate.ts).
 */
export async function halfRate(
  c: RunContext,
  product: Target,
  productRate: number,
): Promise<HalfRateComparison | null> {
  const route = product.routes.find((r) => r.fanOut === 10);
  if (!route) {
    return null;
  }
  const rate = Math.max(2, Math.floor(productRate / 2));
  const pairs = await withTarget(
    () => startBaseline(c.sim, c.sets),
    async (baseline) => {
      const sides = {
        baseline: { t: baseline, route: baseline.routes.find((r) => r.fanOut === 10) ?? baseline.routes[0] },
        product: { t: product, route },
      };
      const out: Partial<HalfRatePair>[] = [];
      for (const run of halfRateOrder(c.halfRatePairs)) {
        const { t, route: r } = sides[run.side];
        if ('warmUp' in run) {
          // As before a sweep, and then a second at the rate, so that each side's connections are open at the first pair.
          await runStep(c.sim, t, r, c.warmUp.rate, c.warmUp.ms);
          await runStep(c.sim, t, r, rate, 1000);
          continue;
        }
        const pair = (out[run.pair - 1] ??= {});
        pair[run.side] = await runStep(c.sim, t, r, rate, c.stepMs * 2);
        if (pair.baseline && pair.product) {
          logPair(c, product, rate, run.pair, { baseline: pair.baseline, product: pair.product });
        }
      }
      return out as HalfRatePair[];
    },
  );
  return {
    fanOut: 10,
    rate,
    ...medianPair(pairs),
    pairs,
    target: product.name === 'distributed' ? 'distributed' : 'standalone',
  };
}

function logPair(c: RunContext, product: Target, rate: number, n: number, pair: HalfRatePair): void {
  const stalls = pair.product.stalls ? ` (${describeStalls(pair.product.stalls)})` : '';
  const wakes = `wake-ups per webhook: baseline ${totalWakes(pair.baseline)}, ${product.name} ${totalWakes(pair.product)}`;
  c.log(
    `  half rate ${rate}/s, pair ${n}: baseline p99 ${pair.baseline.latency.p99} ms, ${product.name} p99 ${pair.product.latency.p99} ms${waitedWhere(pair)}; ${wakes}${stalls}`,
  );
}

/** Sweeps a product target, then compares it with the baseline at half its fan-out-10 rate. */
export async function measureProduct(
  c: RunContext,
  t: Target,
): Promise<{ sweeps: SweepResult[]; half: HalfRateComparison | null }> {
  const sweeps = await sweepAll(c, t);
  const half = await halfRate(c, t, sweeps.find((x) => x.fanOut === 10)?.sustainedRate ?? 0);
  return { sweeps, half };
}

/** Wake-ups per webhook over all of a step's threads, to 0.1. */
const totalWakes = (s: StepResult): string =>
  s.threads ? (Math.round(Object.values(s.threads.wakes).reduce((a, b) => a + b, 0) * 10) / 10).toString() : '?';
