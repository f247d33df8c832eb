// CPU and wake-ups by thread of a process under test, from /proc/<pid>/task: its main thread (whose id is the pid),
// each thread that named itself (the embedded database's `pglite`), and the rest together as `helpers` (V8's
// compiler and garbage-collector threads and libuv's pool, which keep the process's own name). Every step and the
// soak report both per webhook, which says which thread a change must relieve: throughput is whatever the busiest
// thread allows. A wake-up is a voluntary context switch (the thread slept, on a socket, a timer or a message, and
// was woken again); on these VMs each costs 75–240 µs of CPU however little work follows (docs/performance.md), so
// how many a webhook causes, in the product against the relay, is a cost of its own that no profile shows.
// A thread that ends between two readings takes its counts with it (none does on the webhook path).
import { readFileSync, readdirSync } from 'node:fs';

const CLK_TCK = 100; // getconf CLK_TCK on Linux x86-64

export interface ThreadStat {
  tid: number;
  /** The thread's name (`comm`, at most 15 characters). */
  name: string;
  /** user + system CPU time, milliseconds. */
  cpuMs: number;
  /** Voluntary context switches so far (times the thread slept and was woken), from its `status`. */
  wakes: number;
}

/** A figure by role: `main`, a named thread's name, or `helpers` (CPU milliseconds, or wake-ups). */
export type ThreadCpu = Record<string, number>;

/** What each role spent: CPU milliseconds and wake-ups. */
export interface ThreadUse {
  cpuMs: ThreadCpu;
  wakes: ThreadCpu;
}

/** One line of /proc/<pid>/task/<tid>/stat (or /proc/<pid>/stat). The name is in parentheses and may itself hold spaces or parentheses. */
export function parseThreadStat(tid: number, stat: string, status = ''): ThreadStat {
  const open = stat.indexOf('(');
  const close = stat.lastIndexOf(')');
  if (open < 0 || close < open) {
    throw new Error(`not a /proc stat line: ${stat.slice(0, 40)}`);
  }
  // Fields after the name, from the third (state); utime and stime are the 14th and 15th.
  const fields = stat.slice(close + 2).split(' ');
  return {
    tid,
    name: stat.slice(open + 1, close),
    cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK,
    wakes: voluntarySwitches(status),
  };
}

/** `voluntary_ctxt_switches` of a /proc/<pid>/task/<tid>/status text; 0 when absent. */
export function voluntarySwitches(status: string): number {
  const line = status.split('\n').find((l) => l.startsWith('voluntary_ctxt_switches:'));
  return line ? Number(line.slice('voluntary_ctxt_switches:'.length).trim()) || 0 : 0;
}

/** Groups a process's threads by role; threads named like the main thread are its helpers. */
export function byRole(pid: number, threads: readonly ThreadStat[]): ThreadUse {
  const mainName = threads.find((t) => t.tid === pid)?.name;
  const use: ThreadUse = { cpuMs: {}, wakes: {} };
  for (const t of threads) {
    const role = t.tid === pid ? 'main' : t.name === mainName ? 'helpers' : t.name;
    use.cpuMs[role] = (use.cpuMs[role] ?? 0) + t.cpuMs;
    use.wakes[role] = (use.wakes[role] ?? 0) + t.wakes;
  }
  return use;
}

/** Reads every thread of `pid` now. */
export function sampleThreads(pid: number): ThreadUse {
  const task = `/proc/${pid}/task`;
  const threads = readdirSync(task).flatMap((tid) => {
    try {
      return [
        parseThreadStat(
          Number(tid),
          readFileSync(`${task}/${tid}/stat`, 'utf8'),
          readFileSync(`${task}/${tid}/status`, 'utf8'),
        ),
      ];
    } catch {
      return []; // ended since the directory was listed
    }
  });
  return byRole(pid, threads);
}

/** Sum of several processes' roles (the soak's target may have more than one process). */
export function sumRoles(all: readonly ThreadCpu[]): ThreadCpu {
  const sum: ThreadCpu = {};
  for (const roles of all) {
    for (const [role, ms] of Object.entries(roles)) {
      sum[role] = (sum[role] ?? 0) + ms;
    }
  }
  return sum;
}

/** A figure per webhook of each role between two readings (CPU ms or wake-ups), to 0.01. */
export function perWebhook(before: ThreadCpu, after: ThreadCpu, webhooks: number): ThreadCpu {
  const out: ThreadCpu = {};
  for (const [role, ms] of Object.entries(after)) {
    out[role] = Math.round(((ms - (before[role] ?? 0)) / Math.max(1, webhooks)) * 100) / 100;
  }
  return out;
}

/** Every role's use in all of `pids` now (a distributed target is several processes). */
export const sampleAllThreads = (pids: readonly number[]): ThreadUse => {
  const each = pids.map(sampleThreads);
  return { cpuMs: sumRoles(each.map((u) => u.cpuMs)), wakes: sumRoles(each.map((u) => u.wakes)) };
};

/** CPU milliseconds and wake-ups per webhook of each role between two readings. */
export const usePerWebhook = (before: ThreadUse, after: ThreadUse, webhooks: number): ThreadUse => ({
  cpuMs: perWebhook(before.cpuMs, after.cpuMs, webhooks),
  wakes: perWebhook(before.wakes, after.wakes, webhooks),
});

/** "main 4.8 / 6.50 ms, pglite 1.8 / 3.36 ms": each role's wake-ups and CPU per webhook, the busiest first. */
export const describeUse = (u: ThreadUse): string =>
  Object.entries(u.cpuMs)
    .sort(([, a], [, b]) => b - a)
    .map(([role, ms]) => `${role} ${(u.wakes[role] ?? 0).toFixed(1)} / ${ms.toFixed(2)} ms`)
    .join(', ');
