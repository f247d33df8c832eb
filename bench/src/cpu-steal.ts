// CPU steal: time the hypervisor gave this VM's virtual CPUs to someone else. On a shared VM it comes and
// goes (seen here: 1 % to 87 % within a minute, with nothing running), and while it lasts every process,
// the baseline relay included, runs on a fraction of the machine it was measured on. Latency and sustained
// rates from such a step say nothing about the system under test, so each step records it.
import { readFileSync } from 'node:fs';

/** The machine-wide CPU time counters of /proc/stat (all CPUs together), in clock ticks. */
export interface CpuTimes {
  steal: number;
  total: number;
}

/** A step whose steal reached this share of the machine's CPU time is not used to judge a target. */
export const STEAL_LIMIT_PCT = 10;

/** Parses the aggregate `cpu` line of /proc/stat: user nice system idle iowait irq softirq steal guest guest_nice. */
export function parseCpuTimes(procStat: string): CpuTimes {
  const line = procStat.split('\n').find((l) => l.startsWith('cpu '));
  if (!line) {
    throw new Error('no aggregate cpu line in /proc/stat');
  }
  // guest and guest_nice are already counted in user and nice: only the first eight fields are distinct time.
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  return { steal: ticks[7] ?? 0, total: ticks.reduce((a, b) => a + b, 0) };
}

export const readCpuTimes = (): CpuTimes => parseCpuTimes(readFileSync('/proc/stat', 'utf8'));

/** Percentage of the machine's CPU time stolen between two readings (0 when no time passed). */
export function stealPct(before: CpuTimes, after: CpuTimes): number {
  const total = after.total - before.total;
  return total > 0 ? Math.round((1000 * (after.steal - before.steal)) / total) / 10 : 0;
}

/** Steal over `ms` of this process doing nothing: what the machine was like before the run. */
export async function idleSteal(ms: number): Promise<number> {
  const before = readCpuTimes();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return stealPct(before, readCpuTimes());
}
