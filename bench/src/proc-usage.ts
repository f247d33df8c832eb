// CPU and memory of the processes under test, read from /proc so child processes count (the bench's own
// process — load driver and simulator — is never included in the product's or the baseline's figures).
import { readFileSync } from 'node:fs';
import { parseThreadStat } from './thread-cpu';

export interface ProcSample {
  /** user + system CPU time, milliseconds. */
  cpuMs: number;
  rssBytes: number;
  /** Peak resident set since the process started (VmHWM). */
  peakRssBytes: number;
}

export function sampleProc(pid: number): ProcSample {
  // The process's line has the same shape as a thread's, with every thread's time summed.
  const { cpuMs } = parseThreadStat(pid, readFileSync(`/proc/${pid}/stat`, 'utf8'));
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string): number => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  return { cpuMs, rssBytes: kb('VmRSS'), peakRssBytes: kb('VmHWM') };
}

/** Sum over a set of processes (the five services of the distributed product). */
export function sampleAll(pids: readonly number[]): ProcSample {
  return pids.map(sampleProc).reduce(
    (a, s) => ({
      cpuMs: a.cpuMs + s.cpuMs,
      rssBytes: a.rssBytes + s.rssBytes,
      peakRssBytes: a.peakRssBytes + s.peakRssBytes,
    }),
    { cpuMs: 0, rssBytes: 0, peakRssBytes: 0 },
  );
}
