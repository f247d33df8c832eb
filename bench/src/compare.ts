// Sweeps and the same-rate comparison against the baseline, shared by the standalone and distributed runs.
import type { Simulator } from '@app/simulator';
import { startBaseline } from './baseline/baseline-target';
import type { HalfRateComparison } from './report/result';
import type { SimAccountSet } from './sim-world';
import { runStep } from './sweep';
import type { SweepResult } from './sweep';
import { findSustainedRate } from './sweep-plan';
import type { Target } from './target';

export interface RunContext {
  sim: Simulator;
  sets: SimAccountSet[];
  stepMs: number;
  refine: number;
  /** Discarded load before each sweep (every system alike). */
  warmUp: { rate: number; ms: number };
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
 * 2/s, so a product that sustains nothing still gets its latency target measured (and missed).
 */
export async function halfRate(c: RunContext, product: Target, productRate: number): Promise<HalfRateComparison | null> {
  const route = product.routes.find((r) => r.fanOut === 10);
  if (!route) {
    return null;
  }
  const rate = Math.max(2, Math.floor(productRate / 2));
  const ms = c.stepMs * 2;
  const p = await runStep(c.sim, product, route, rate, ms);
  const b = await withTarget(() => startBaseline(c.sim, c.sets), async (t) => {
    const baseRoute = t.routes.find((r) => r.fanOut === 10) ?? t.routes[0];
    // Warmed up as the product was before its sweep (which ran just before at this point).
    await runStep(c.sim, t, baseRoute, c.warmUp.rate, c.warmUp.ms);
    await runStep(c.sim, t, baseRoute, rate, 1000);
    return runStep(c.sim, t, baseRoute, rate, ms);
  });
  c.log(`  half rate ${rate}/s: baseline p99 ${b.latency.p99} ms, ${product.name} p99 ${p.latency.p99} ms`);
  return { fanOut: 10, rate, baseline: b, product: p, target: product.name === 'distributed' ? 'distributed' : 'standalone' };
}

/** Sweeps a product target, then compares it with the baseline at half its fan-out-10 rate. */
export async function measureProduct(c: RunContext, t: Target): Promise<{ sweeps: SweepResult[]; half: HalfRateComparison | null }> {
  const sweeps = await sweepAll(c, t);
  const half = await halfRate(c, t, sweeps.find((x) => x.fanOut === 10)?.sustainedRate ?? 0);
  return { sweeps, half };
}
