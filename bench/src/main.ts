// `npm run bench`: drives the baseline relay and the product with webhooks at controlled rates, measures
// webhook-to-last-order latency at the simulator, CPU and memory, and writes bench/results/.
import path from 'node:path';
import type { Simulator } from '@app/simulator';
import { startBaseline } from './baseline/baseline-target';
import { evaluateChecks } from './checks';
import { machineInfo } from './machine';
import { METHOD } from './method';
import { parseOptions } from './options';
import type { BenchOptions } from './options';
import { startStandaloneProduct } from './product/standalone-target';
import type { BenchResult, HalfRateComparison } from './report/result';
import { writeResults } from './report/write';
import { seedAccounts, startBenchSimulator } from './sim-world';
import type { SimAccountSet } from './sim-world';
import { runStep } from './sweep';
import type { SweepResult } from './sweep';
import { findSustainedRate } from './sweep-plan';
import type { Target } from './target';

const root = path.resolve(__dirname, '../../..');
const log = (line: string): void => void process.stdout.write(`${line}\n`);

async function withTarget<T>(start: () => Promise<Target>, work: (t: Target) => Promise<T>): Promise<T> {
  const target = await start();
  try {
    return await work(target);
  } finally {
    await target.close();
  }
}

async function sweepAll(sim: Simulator, target: Target, o: BenchOptions): Promise<SweepResult[]> {
  const plan = { start: 10, max: 5000, refine: o.refine, stepMs: o.stepMs, restMs: 500, log };
  const out: SweepResult[] = [];
  for (const route of target.routes) {
    out.push(await findSustainedRate(sim, target, route, plan));
  }
  return out;
}

/** Baseline and product at the same rate (half the product's sustained rate at fan-out 10). */
async function halfRate(sim: Simulator, sets: SimAccountSet[], product: Target, productRate: number, o: BenchOptions): Promise<HalfRateComparison | null> {
  const route = product.routes.find((r) => r.fanOut === 10);
  if (!route || productRate < 2) {
    return null;
  }
  const rate = Math.max(1, Math.floor(productRate / 2));
  const ms = o.stepMs * 2;
  const p = await runStep(sim, product, route, rate, ms);
  const b = await withTarget(() => startBaseline(sim, sets), async (t) => {
    await runStep(sim, t, t.routes.find((r) => r.fanOut === 10) ?? t.routes[0], rate, 1000);
    return runStep(sim, t, t.routes.find((r) => r.fanOut === 10) ?? t.routes[0], rate, ms);
  });
  log(`  half rate ${rate}/s: baseline p99 ${b.latency.p99} ms, ${product.name} p99 ${p.latency.p99} ms`);
  return { fanOut: 10, rate, baseline: b, product: p, target: product.name === 'distributed' ? 'distributed' : 'standalone' };
}

async function main(): Promise<void> {
  const started = Date.now();
  const o = parseOptions(process.argv.slice(2), path.join(root, 'bench/results'), root);
  const machine = machineInfo();
  log(`bench: ${machine.nproc} cpus (${machine.cpuModel}), ${machine.memoryMiB} MiB, node ${machine.node}, load ${machine.loadAvgAtStart.join(' ')}`);
  const sim = await startBenchSimulator();
  const sets: SimAccountSet[] = [];
  for (const n of o.fanOuts) {
    sets.push(await seedAccounts(sim, n));
  }
  const sweeps: SweepResult[] = [];
  const half: HalfRateComparison[] = [];
  const notes: string[] = [];
  if (o.only.has('baseline')) {
    log('baseline relay:');
    sweeps.push(...(await withTarget(() => startBaseline(sim, sets), (t) => sweepAll(sim, t, o))));
  }
  if (o.only.has('standalone')) {
    log('standalone product:');
    try {
      await withTarget(
        () => startStandaloneProduct(o.productRoot, sim, sets, o.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(o.outDir, 'profiles')}`] : []),
        async (t) => {
          const s = await sweepAll(sim, t, o);
          sweeps.push(...s);
          const h = await halfRate(sim, sets, t, s.find((x) => x.fanOut === 10)?.sustainedRate ?? 0, o);
          if (h) {
            half.push(h);
          }
        },
      );
    } catch (err) {
      notes.push(`standalone product not measured: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
      log(`  standalone failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  await sim.close();
  const result: BenchResult = {
    machine,
    mode: o.soak ? 'soak' : o.quick ? 'quick' : 'default',
    durationS: Math.round((Date.now() - started) / 1000),
    method: METHOD,
    sweeps,
    halfRate: half,
    kafka: null,
    soak: null,
    checks: evaluateChecks(sweeps, half, null, null),
    notes,
  };
  const files = await writeResults(o.outDir, o.quick ? 'latest-quick' : 'latest', result);
  log(`results: ${files.map((f) => path.join(path.relative(root, o.outDir), f)).join(', ')}`);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
