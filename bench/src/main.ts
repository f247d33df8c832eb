// `npm run bench`: drives the baseline relay and the product with webhooks at controlled rates, measures
// webhook-to-last-order latency at the simulator, CPU and memory, and writes bench/results/.
import path from 'node:path';
import { startBaseline } from './baseline/baseline-target';
import { machineInfo } from './machine';
import { parseOptions } from './options';
import { seedAccounts, startBenchSimulator } from './sim-world';
import { findSustainedRate } from './sweep-plan';
import type { SweepResult } from './sweep';

const root = path.resolve(__dirname, '../../..');
const log = (line: string): void => void process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2), path.join(root, 'bench/results'));
  const machine = machineInfo();
  log(`bench: ${machine.nproc} cpus (${machine.cpuModel}), ${machine.memoryMiB} MiB, node ${machine.node}`);
  const sim = await startBenchSimulator();
  const sets = [];
  for (const n of options.fanOuts) {
    sets.push(await seedAccounts(sim, n));
  }
  const sweeps: SweepResult[] = [];
  const plan = { start: 10, max: 5000, refine: options.refine, stepMs: options.stepMs, restMs: 500, log };
  const baseline = await startBaseline(sim, sets);
  try {
    for (const route of baseline.routes) {
      sweeps.push(await findSustainedRate(sim, baseline, route, plan));
    }
  } finally {
    await baseline.close();
  }
  log(JSON.stringify(sweeps.map((s) => ({ t: s.target, f: s.fanOut, r: s.sustainedRate }))));
  await sim.close();
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
