// Sweeps and the same-rate comparison against the baseline, shared by the standalone and distributed runs.
import type { Simulator } from '@app/simulator';
import { startBaseline } from './baseline/baseline-target';
import { medianPair, waitedWhere } from './half-rate';
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
 * 2/s, so a product that sustains nothing still gets its latency target measured (and missed). Both run
 * side by side for `c.halfRatePairs` pairs of steps, alternated (baseline first, then product first, …), so
 * that a slow minute of the VM falls on both; the reading is the median pair (half-rate.ts).
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
  const ms = c.stepMs * 2;
  const pairs = await withTarget(
    () => startBaseline(c.sim, c.sets),
    async (t) => {
      const baseRoute = t.routes.find((r) => r.fanOut === 10) ?? t.routes[0];
      // Warmed up as the product was before its sweep (which ran just before at this point).
      await runStep(c.sim, t, baseRoute, c.warmUp.rate, c.warmUp.ms);
      await runStep(c.sim, t, baseRoute, rate, 1000);
      const step = (target: Target, r: typeof route) => runStep(c.sim, target, r, rate, ms);
      const out: HalfRatePair[] = [];
      for (let i = 0; i < c.halfRatePairs; i++) {
        const pair =
          i % 2 === 0
            ? { baseline: await step(t, baseRoute), product: await step(product, route) }
            : { product: await step(product, route), baseline: await step(t, baseRoute) };
        const stalls = pair.product.stalls ? ` (${describeStalls(pair.product.stalls)})` : '';
        const wakes = `wake-ups per webhook: baseline ${totalWakes(pair.baseline)}, ${product.name} ${totalWakes(pair.product)}`;
        c.log(
          `  half rate ${rate}/s, pair ${i + 1}: baseline p99 ${pair.baseline.latency.p99} ms, ${product.name} p99 ${pair.product.latency.p99} ms${waitedWhere(pair)}; ${wakes}${stalls}`,
        );
        out.push(pair);
      }
      return out;
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
