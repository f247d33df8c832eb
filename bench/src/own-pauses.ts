// The bench's own process runs the load driver and the simulator on the same two cores as the target. A pause of its
// event loop sends webhooks late (latency counts from their due time) and stamps their orders late, so it reads as
// the target's latency. Over a measured part it reports how long the loop was held at most and the process's own
// collections, so a soak's worst moments can be told apart: the target's (stalls.ts) or the bench's.
import { PerformanceObserver, monitorEventLoopDelay } from 'node:perf_hooks';
import { gcSummary } from './stalls';
import type { GcSummary } from './stalls';

export interface OwnPauses {
  /** The event loop's delay (how late a 10-ms timer fired), ms. */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** The process's garbage collections (every kind), with their longest and total pause, ms. */
  gc: GcSummary;
}

const ms = (ns: number): number => Math.round(ns / 1e5) / 10;

/** Starts watching; the function it returns stops and gives what was seen since. */
export function watchOwnPauses(): () => OwnPauses {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const gcs: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcs.push(entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  loop.enable();
  return () => {
    loop.disable();
    observer.disconnect();
    return {
      loopDelayP99Ms: ms(loop.percentile(99)),
      loopDelayMaxMs: ms(loop.max),
      gc: gcSummary(gcs),
    };
  };
}

/** One line: "event loop delayed p99 12.1 ms, at most 950 ms; 40 collections (longest 30.2 ms, 400 ms in all)". */
export const describeOwnPauses = (p: OwnPauses): string =>
  `event loop delayed p99 ${p.loopDelayP99Ms} ms, at most ${p.loopDelayMaxMs} ms; ${p.gc.count} collections (longest ${p.gc.maxMs} ms, ${p.gc.totalMs} ms in all)`;
