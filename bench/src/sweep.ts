// Rate sweeps: run a step, read its orders from the simulator, decide pass/fail, climb the ladder until
// a step fails. "Sustained" = the highest rate whose step had p99 < 250 ms and no errors.
import { loadavg } from 'node:os';
import type { Simulator } from '@app/simulator';
import { Correlator } from './correlate';
import type { StepOutcome } from './correlate';
import { readCpuTimes, stealPct } from './cpu-steal';
import { LoadDriver } from './load-driver';
import { sampleAll } from './proc-usage';
import type { StepStalls } from './stalls';
import { sampleAllThreads, usePerWebhook } from './thread-cpu';
import type { ThreadUse } from './thread-cpu';
import type { Route, Target } from './target';

export const P99_LIMIT_MS = 250;

export interface StepResult extends StepOutcome {
  rate: number;
  durationMs: number;
  pass: boolean;
  /** CPU of the target's processes during the step, as a share of one core (1 = 100 %). */
  cpuCores: number;
  cpuMsPerWebhook: number;
  rssMiB: number;
  peakRssMiB: number;
  /** 1-minute load average after the step: this machine is shared, so a high figure marks a noisy step. */
  loadAvg1: number;
  /** Share of the machine's CPU time the hypervisor took during the step (cpu-steal.ts), %. */
  stealPct: number;
  /** The product's collections and checkpoints during the step, when it reports them (standalone; stalls.ts). */
  stalls?: StepStalls;
  /** Per webhook, by thread of the target's processes: CPU ms and wake-ups (thread-cpu.ts). Absent in older results. */
  threads?: ThreadUse;
  /**
   * TCP connections the simulator accepted during the step: the target's connections to the broker opened anew, because
   * its keep-alive had let them lapse or the load needed more at once. Absent in results before the fifty-third session.
   */
  connectionsOpened?: number;
}

export interface SweepResult {
  target: Target['name'];
  fanOut: number;
  steps: StepResult[];
  sustainedRate: number;
}

const MiB = 2 ** 20;

/**
 * One open-loop step at `rate` for `durationMs`. A long step (the soak's) runs as consecutive parts of `partMs`, the
 * simulator's log emptied after each: kept whole, five minutes of orders (720 000 at 240/s and fan-out 10) grew the
 * bench's own heap until its collections held the driver and the simulator for up to half a second, which counted as
 * the target's latency. Between parts the load pauses for as long as the last answers and the counting take (tens of
 * milliseconds).
 */
export async function runStep(
  sim: Simulator,
  target: Target,
  route: Route,
  rate: number,
  durationMs: number,
  partMs = durationMs,
): Promise<StepResult> {
  const driver = new LoadDriver(route.webhookUrl, route.alertId);
  const before = sampleAll(target.pids());
  const threadsBefore = sampleAllThreads(target.pids());
  const cpuBefore = readCpuTimes();
  const t0 = performance.now();
  try {
    const correlator = new Correlator(route.fanOut);
    let connectionsOpened = 0;
    for (let done = 0; done < durationMs; done += partMs) {
      sim.control.reset();
      const sent = await driver.run({ rate, durationMs: Math.min(partMs, durationMs - done) });
      // Orders may trail the last answer (a 202 answers before the fan-out ends): give them a moment.
      await settle(sim, sent.length * route.fanOut, 2000);
      correlator.add(sent, sim.control.orders());
      connectionsOpened += sim.control.stats().connections;
    }
    const wall = performance.now() - t0;
    const after = sampleAll(target.pids());
    const threadsAfter = sampleAllThreads(target.pids());
    const outcome = correlator.outcome();
    const cpuMs = after.cpuMs - before.cpuMs;
    return {
      rate,
      durationMs,
      ...outcome,
      pass: outcome.errors === 0 && outcome.latency.p99 < P99_LIMIT_MS,
      cpuCores: round(cpuMs / wall),
      cpuMsPerWebhook: round(cpuMs / Math.max(1, outcome.sent)),
      rssMiB: round(after.rssBytes / MiB),
      peakRssMiB: round(after.peakRssBytes / MiB),
      loadAvg1: round(loadavg()[0]),
      stealPct: stealPct(cpuBefore, readCpuTimes()),
      ...(target.stalls && { stalls: target.stalls.between(t0, performance.now()) }),
      threads: usePerWebhook(threadsBefore, threadsAfter, outcome.sent),
      connectionsOpened,
    };
  } finally {
    await driver.close();
  }
}

async function settle(sim: Simulator, expected: number, maxMs: number): Promise<void> {
  const until = Date.now() + maxMs;
  while (sim.control.stats().requests['order/placeorder'] < expected && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
  }
}

const round = (n: number): number => Math.round(n * 100) / 100;
