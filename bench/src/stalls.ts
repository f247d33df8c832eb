// What held the standalone product up during a step: its garbage collections, thread by thread (Node's
// `--trace-gc`, which the bench passes it), and the embedded database's housekeeping (the product logs each
// checkpoint at info and each vacuum at debug: logHousekeeping). Read from the product's output as it comes and
// summed over each step's time, so that a step's tail can be read next to what stalled it (docs/performance.md).

import { percentile } from './stats';

export interface GcSummary {
  count: number;
  totalMs: number;
  maxMs: number;
}

export interface StepStalls {
  /** The main thread's collections (the first isolate that traces one, which starts before any worker): all of them. */
  mainGc: GcSummary;
  /** Of those, the full ones (mark-compact, mark-sweep), the rest being scavenges of the young generation. */
  mainFullGc: GcSummary;
  /** The other threads' (in standalone mode, the embedded database's). */
  otherGc: GcSummary;
  /** The time of each checkpoint of the embedded database, ms. */
  checkpointsMs: number[];
  /** The time of each of its housekeeping passes that only vacuumed, ms (logged at debug). */
  vacuumsMs: number[];
}

interface GcPause {
  isolate: string;
  /** A full collection (anything but a scavenge of the young generation). */
  full: boolean;
  ms: number;
}

// [11167:0x11477e20]   52 ms: Scavenge 3.8 (4.0) -> 3.4 (5.0) MB, 14.89 / 0.00 ms  (average mu = …) allocation failure;
const GC_LINE =
  /^\[\d+:(0x[0-9a-f]+)\]\s+[\d.]+ ms: ([A-Za-z() -]+?) [\d.]+ \([\d.]+\) -> [\d.]+ \([\d.]+\) MB, ([\d.]+) \/ [\d.]+ ms/;

/** One `--trace-gc` line: the isolate (thread), whether it was a full collection, and the pause; null for any other line. */
export function parseGcLine(line: string): GcPause | null {
  const m = GC_LINE.exec(line);
  return m ? { isolate: m[1], full: !m[2].startsWith('Scavenge'), ms: Number(m[3]) } : null;
}

/** What one housekeeping pass held the database for, ms: in all, its checkpoint's part, its vacuums' part. */
interface HousekeepingPause {
  passMs: number;
  checkpointMs?: number;
  vacuumMs?: number;
}

/**
 * One housekeeping pass in the product's JSON log lines (logHousekeeping), or null. Its vacuums' part is the pass
 * less its checkpoint: at a few hundred webhooks a second a checkpoint is due at every pass, and the vacuums that
 * share a pass with it would otherwise go unseen.
 */
export function parseHousekeepingLine(line: string): HousekeepingPause | null {
  if (!line.startsWith('{') || !line.includes('"passMs"')) {
    return null;
  }
  try {
    const { passMs, checkpointMs, vacuumed } = JSON.parse(line) as {
      passMs?: unknown;
      checkpointMs?: unknown;
      vacuumed?: unknown;
    };
    if (typeof passMs !== 'number') {
      return null;
    }
    const checkpoint = typeof checkpointMs === 'number' ? { checkpointMs } : {};
    const vacuum =
      Array.isArray(vacuumed) && vacuumed.length > 0
        ? { vacuumMs: round(passMs - (checkpoint.checkpointMs ?? 0)) }
        : {};
    return { passMs, ...checkpoint, ...vacuum };
  } catch {
    return null;
  }
}

/** Pauses (ms) as their count, total and longest, to a tenth of a millisecond. */
export const gcSummary = (pauses: readonly number[]): GcSummary => ({
  count: pauses.length,
  totalMs: round(pauses.reduce((a, b) => a + b, 0)),
  maxMs: round(pauses.reduce((a, b) => Math.max(a, b), 0)),
});
const round = (n: number): number => Math.round(n * 10) / 10;

/** The stalls seen in a product's output, by the time each line arrived (performance.now()). */
export class StallLog {
  private mainIsolate: string | null = null;
  private readonly gc: { at: number; main: boolean; full: boolean; ms: number }[] = [];
  private readonly housekeeping: ({ at: number } & HousekeepingPause)[] = [];

  feed(line: string, at = performance.now()): void {
    const pause = parseGcLine(line);
    if (pause) {
      this.mainIsolate ??= pause.isolate;
      this.gc.push({ at, main: pause.isolate === this.mainIsolate, full: pause.full, ms: pause.ms });
      return;
    }
    const pass = parseHousekeepingLine(line);
    if (pass) {
      this.housekeeping.push({ at, ...pass });
    }
  }

  /** What was seen in [from, to), and everything older dropped (steps run one after another). */
  between(from: number, to: number): StepStalls {
    const inside = <T extends { at: number }>(events: T[]): T[] => events.filter((e) => e.at >= from && e.at < to);
    const gc = inside(this.gc);
    const passes = inside(this.housekeeping);
    const stalls = {
      mainGc: gcSummary(gc.filter((e) => e.main).map((e) => e.ms)),
      mainFullGc: gcSummary(gc.filter((e) => e.main && e.full).map((e) => e.ms)),
      otherGc: gcSummary(gc.filter((e) => !e.main).map((e) => e.ms)),
      checkpointsMs: passes.flatMap((p) => (p.checkpointMs === undefined ? [] : [p.checkpointMs])),
      vacuumsMs: passes.flatMap((p) => (p.vacuumMs === undefined ? [] : [p.vacuumMs])),
    };
    this.drop(to);
    return stalls;
  }

  private drop(before: number): void {
    for (const events of [this.gc, this.housekeeping] as { at: number }[][]) {
      events.splice(0, events.filter((e) => e.at < before).length);
    }
  }
}

/** A step's few checkpoints one by one; a soak's many as their count, median and longest. */
const checkpoints = (ms: number[]): string => {
  if (ms.length === 0) {
    return ', no checkpoint';
  }
  if (ms.length <= 4) {
    return `, checkpoint ${ms.map((m) => `${m} ms`).join(', ')}`;
  }
  const sorted = [...ms].sort((a, b) => a - b);
  return `, ${ms.length} checkpoints (median ${percentile(sorted, 50)}, max ${sorted[sorted.length - 1]} ms)`;
};

/** A step's stalls in a few words, for the bench's log and the markdown. */
export const describeStalls = (s: StepStalls): string =>
  `GC main ${s.mainGc.count}× (max ${s.mainGc.maxMs}, total ${s.mainGc.totalMs} ms` +
  (s.mainFullGc.count ? `; ${s.mainFullGc.count} full, max ${s.mainFullGc.maxMs} ms` : '') +
  `), database thread ${s.otherGc.count}× (max ${s.otherGc.maxMs} ms)` +
  (s.vacuumsMs.length ? `, vacuum ${s.vacuumsMs.length}× (max ${Math.max(...s.vacuumsMs)} ms)` : '') +
  checkpoints(s.checkpointsMs);
