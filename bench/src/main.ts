// `npm run bench`: drives the baseline relay and the product with webhooks at controlled rates, measures
// webhook-to-last-order latency at the simulator, CPU and memory, and writes bench/results/.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startBaseline } from './baseline/baseline-target';
import { allocationProfiling } from './alloc-summary';
import { evaluateChecks, sweepOf } from './checks';
import { measureProduct, sweepAll, withTarget } from './compare';
import type { RunContext } from './compare';
import { measureKafkaRoundTrip } from './kafka-round-trip';
import { machineInfo } from './machine';
import { describeBuild, readProductBuild } from './product-build';
import { METHOD } from './method';
import { parallelCapacity } from './parallel-capacity';
import { withCommandLine } from './command-line';
import { parseOptions, USAGE } from './options';
import { readProfiles } from './profile-summary';
import type { BenchOptions } from './options';
import { startDistributedProduct, startInfra } from './product/distributed-target';
import { startStandaloneProduct } from './product/standalone-target';
import type { BenchResult, HalfRateComparison, KafkaRoundTrip, SoakResult } from './report/result';
import { writeResults } from './report/write';
import { seedAccounts, startBenchSimulator } from './sim-world';
import { soak } from './soak';
import type { SweepResult } from './sweep';
import { findSustainedRate } from './sweep-plan';

const root = path.resolve(__dirname, '../../..');
const log = (line: string): void => void process.stdout.write(`${line}\n`);
const firstLine = (err: unknown): string => (err instanceof Error ? err.message.split('\n')[0] : String(err));

interface Collected {
  sweeps: SweepResult[];
  half: HalfRateComparison[];
  kafka: KafkaRoundTrip | null;
  soak: SoakResult | null;
  relayAfter: SweepResult | null;
  notes: string[];
}

/** `--profile`: Node's CPU profiler in the standalone product, one profile per thread under <out>/profiles. */
const profileArgs = (o: BenchOptions): string[] =>
  o.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(o.outDir, 'profiles')}`] : [];

async function runStandalone(c: RunContext, o: BenchOptions, out: Collected): Promise<void> {
  log('standalone product:');
  await withTarget(
    () => startStandaloneProduct(o.productRoot, c.sim, c.sets, profileArgs(o)),
    async (t) => {
      const m = await measureProduct(c, t);
      out.sweeps.push(...m.sweeps);
      out.half.push(...(m.half ? [m.half] : []));
    },
  );
}

/**
 * The relay's fan-out-10 sweep once more, right after the standalone product's. Its first sweep ran minutes earlier, and
 * a VM's speed can drift that much in between (the relay 1.7 times faster from one run to the next, thirty-seventh
 * session): the throughput target then reads the product against the relay on both sides of it.
 */
async function sweepRelayAgain(c: RunContext, out: Collected): Promise<void> {
  const sets = c.sets.filter((s) => s.fanOut === 10);
  if (sets.length === 0 || !sweepOf(out.sweeps, 'standalone', 10)) {
    return;
  }
  log('baseline relay again, fan-out 10, after the standalone product:');
  const [again] = await withTarget(
    () => startBaseline(c.sim, sets),
    (t) => sweepAll(c, t),
  );
  out.relayAfter = again ?? null;
}

async function runDistributed(c: RunContext, o: BenchOptions, out: Collected): Promise<void> {
  log(`distributed product (KAFKA_MAX_WAIT_MS ${o.kafkaMaxWaitMs} on the webhook path):`);
  const infra = await startInfra(o.kafkaMaxWaitMs);
  try {
    out.kafka = await measureKafkaRoundTrip(infra.kafka.brokers, infra.kafka.kind, o.kafkaMaxWaitMs);
    log(
      `  bare kafkajs round trip (${infra.kafka.kind}): p50 ${out.kafka.roundTrip.p50} p99 ${out.kafka.roundTrip.p99} ms`,
    );
    await withTarget(
      () => startDistributedProduct(o.productRoot, infra, c.sim, c.sets),
      async (t) => {
        const m = await measureProduct(c, t);
        out.sweeps.push(...m.sweeps);
        out.half.push(...(m.half ? [m.half] : []));
      },
    );
  } finally {
    await infra.close();
  }
}

/** `--soak`: the standalone product at half its sustained fan-out-10 rate (or --soak-rate) for --soak-minutes. */
async function runSoak(c: RunContext, o: BenchOptions, out: Collected): Promise<void> {
  log('standalone product, soak:');
  // `--alloc-profile`: the sampler loaded into the product, started and stopped around the soak's measured part.
  const alloc = o.allocProfile ? allocationProfiling(path.join(o.outDir, 'profiles')) : undefined;
  await withTarget(
    () =>
      startStandaloneProduct(o.productRoot, c.sim, c.sets, [...profileArgs(o), ...(alloc?.execArgv ?? [])], alloc?.env),
    async (t) => {
      const route = t.routes.find((r) => r.fanOut === 10) ?? t.routes[0];
      let rate = o.soakRate;
      if (!rate) {
        const s = await findSustainedRate(c.sim, t, route, {
          warmUp: c.warmUp,
          start: 10,
          max: 5000,
          refine: 1,
          stepMs: c.stepMs,
          restMs: 500,
          log,
        });
        out.sweeps.push(s);
        rate = Math.max(1, Math.floor(s.sustainedRate / 2));
      }
      log(`  soak at ${rate}/s: ${o.soakWarmUpMs / 60_000} min of warm-up, then ${o.soakMs / 60_000} min measured`);
      out.soak = await soak(
        c.sim,
        t,
        route,
        rate,
        { warmUpMs: o.soakWarmUpMs, durationMs: o.soakMs, allocations: alloc?.sampler(t.pids()[0]) },
        log,
      );
    },
  );
}

async function main(o: BenchOptions): Promise<void> {
  const started = Date.now();
  // Made before the run rather than after its minutes: an --out that cannot be a folder (a file there) fails at once.
  await mkdir(o.outDir, { recursive: true });
  const machine = await machineInfo();
  const product = await readProductBuild(o.productRoot);
  log(
    `bench: ${machine.nproc} cpus (${machine.cpuModel}), ${machine.memoryMiB} MiB, node ${machine.node}, load ${machine.loadAvgAtStart.join(' ')}, steal ${machine.stealAtStartPct} % idle, two threads ${machine.parallelAtStart}× one; ${describeBuild(product)}`,
  );
  const sim = await startBenchSimulator();
  const c: RunContext = {
    sim,
    sets: [],
    stepMs: o.stepMs,
    refine: o.refine,
    warmUp: o.warmUp,
    halfRatePairs: o.halfRatePairs,
    log,
  };
  for (const n of o.fanOuts) {
    c.sets.push(await seedAccounts(sim, n));
  }
  const out: Collected = { sweeps: [], half: [], kafka: null, soak: null, relayAfter: null, notes: [] };
  const attempt = async (name: string, work: () => Promise<void>): Promise<void> => {
    try {
      await work();
    } catch (err) {
      out.notes.push(`${name} not measured: ${firstLine(err)}`);
      log(`  ${name} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  if (o.soak) {
    await attempt('soak', () => runSoak(c, o, out));
  } else {
    if (o.only.has('baseline')) {
      log('baseline relay:');
      out.sweeps.push(
        ...(await withTarget(
          () => startBaseline(sim, c.sets),
          (t) => sweepAll(c, t),
        )),
      );
    }
    if (o.only.has('standalone')) {
      await attempt('standalone product', () => runStandalone(c, o, out));
      if (o.only.has('baseline')) {
        await attempt('relay after the product', () => sweepRelayAgain(c, out));
      }
    }
    if (o.only.has('distributed')) {
      await attempt('distributed product', () => runDistributed(c, o, out));
    }
  }
  await sim.close();
  machine.parallelAtEnd = await parallelCapacity();
  const result: BenchResult = {
    machine,
    product,
    mode: o.soak ? 'soak' : o.quick ? 'quick' : 'default',
    durationS: Math.round((Date.now() - started) / 1000),
    method: METHOD,
    sweeps: out.sweeps,
    halfRate: out.half,
    kafka: out.kafka,
    soak: out.soak,
    relayAfter: out.relayAfter,
    checks: evaluateChecks(out.sweeps, out.half, out.kafka, out.soak, out.relayAfter),
    notes: out.notes,
    ...(o.profile && { profiles: await readProfiles(path.join(o.outDir, 'profiles'), started) }),
  };
  const name = o.soak ? 'latest-soak' : o.quick ? 'latest-quick' : 'latest';
  const files = await writeResults(o.outDir, name, result);
  log(`results: ${files.map((f) => path.join(path.relative(root, o.outDir), f)).join(', ')}`);
}

withCommandLine(
  () => parseOptions(process.argv.slice(2), path.join(root, 'bench/results'), root),
  USAGE,
  (o) =>
    void main(o).catch((err: unknown) => {
      process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    }),
);
