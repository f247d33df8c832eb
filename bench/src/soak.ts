// `--soak`: one long open-loop step at a fixed rate while the target's RSS (and the size of its data
// directory) is sampled every 5 s, so a leak (an unbounded map, a cache without eviction, a log that is
// never recycled) shows as growth. A warm-up at the same rate comes first and is sampled too: a bounded
// cache filling up (V8's heap reaching its working size, the embedded database's 128 MB buffer pool being
// touched for the first time as the journal grows) is not a leak, and a flatness rule that starts counting
// at the first seconds would call it one.
import type { Simulator } from '@app/simulator';
import type { AllocationSampler } from './alloc-summary';
import { readCpuTimes, stealPct } from './cpu-steal';
import { dirBytes } from './disk-usage';
import { describeOwnPauses, watchOwnPauses } from './own-pauses';
import { sampleAll } from './proc-usage';
import type { SoakResult } from './report/result';
import { describeStalls } from './stalls';
import { runStep } from './sweep';
import type { Route, Target } from './target';

const MiB = 2 ** 20;
/** The soak's load runs in parts of this length, the simulator's log counted and emptied after each (runStep). */
const SOAK_PART_MS = 30_000;

export async function soak(
  sim: Simulator,
  target: Target,
  route: Route,
  rate: number,
  { warmUpMs, durationMs, allocations }: { warmUpMs: number; durationMs: number; allocations?: AllocationSampler },
  log: (l: string) => void,
): Promise<SoakResult> {
  const t0 = Date.now();
  const samples: SoakResult['rssMiB'] = [];
  const sample = (): void => {
    const mib = (bytes: number): number => Math.round((bytes / MiB) * 10) / 10;
    const rssMiB = mib(sampleAll(target.pids()).rssBytes);
    const diskMiB = target.dataDir === undefined ? undefined : mib(dirBytes(target.dataDir));
    samples.push({ atS: Math.round((Date.now() - t0) / 1000), rssMiB, ...(diskMiB === undefined ? {} : { diskMiB }) });
    if (samples.length % 6 === 1) {
      log(
        `  soak ${samples[samples.length - 1].atS} s: RSS ${rssMiB} MiB${diskMiB === undefined ? '' : `, data directory ${diskMiB} MiB`}`,
      );
    }
  };
  sample();
  const timer = setInterval(sample, 5000);
  try {
    if (warmUpMs > 0) {
      await runStep(sim, target, route, rate, warmUpMs, SOAK_PART_MS);
    }
    const warmUpS = Math.round((Date.now() - t0) / 1000);
    log(`  warm-up done at ${warmUpS} s; measuring`);
    sample();
    const cpuBefore = readCpuTimes();
    const benchBefore = process.cpuUsage();
    const ownPauses = watchOwnPauses();
    allocations?.start();
    const step = await runStep(sim, target, route, rate, durationMs, SOAK_PART_MS);
    // A profile that never came is reported and the soak's own figures kept.
    const allocated = await allocations
      ?.stop(step.sent)
      .catch(
        (err: unknown) =>
          void log(`  allocation profile not read: ${err instanceof Error ? err.message : String(err)}`),
      );
    const benchPauses = ownPauses();
    const bench = process.cpuUsage(benchBefore);
    sample();
    if (step.stalls) {
      log(`  soak measured: ${describeStalls(step.stalls)}`);
    }
    log(`  soak measured, the bench's own process: ${describeOwnPauses(benchPauses)}`);
    return {
      target: target.name,
      fanOut: route.fanOut,
      rate,
      durationMs,
      warmUpS,
      rssMiB: samples,
      latency: step.latency,
      errors: step.errors,
      stealPct: stealPct(cpuBefore, readCpuTimes()),
      cpuMsPerWebhook: {
        threads: step.threads?.cpuMs ?? {},
        bench: Math.round(((bench.user + bench.system) / 1000 / Math.max(1, step.sent)) * 100) / 100,
      },
      ...(step.threads && { wakesPerWebhook: step.threads.wakes }),
      ...(step.stalls && { stalls: step.stalls }),
      benchPauses,
      ...(allocated && { allocations: allocated }),
    };
  } finally {
    clearInterval(timer);
  }
}
