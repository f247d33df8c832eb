// CPU by thread of a process under test, from /proc/<pid>/task: its main thread (whose id is the pid), each
// thread that named itself (the embedded database's `pglite`), and the rest together as `helpers` (V8's
// compiler and garbage-collector threads and libuv's pool, which keep the process's own name). The soak
// reports it per webhook, which says which thread a change must relieve: throughput is whatever the busiest
// thread allows. A thread that ends between two readings takes its time with it (none does on the webhook path).
import { readFileSync, readdirSync } from 'node:fs';

const CLK_TCK = 100; // getconf CLK_TCK on Linux x86-64

export interface ThreadStat {
  tid: number;
  /** The thread's name (`comm`, at most 15 characters). */
  name: string;
  /** user + system CPU time, milliseconds. */
  cpuMs: number;
}

/** CPU milliseconds by role: `main`, a named thread's name, or `helpers`. */
export type ThreadCpu = Record<string, number>;

/** One line of /proc/<pid>/task/<tid>/stat (or /proc/<pid>/stat). The name is in parentheses and may itself hold spaces or parentheses. */
export function parseThreadStat(tid: number, stat: string): ThreadStat {
  const open = stat.indexOf('(');
  const close = stat.lastIndexOf(')');
  if (open < 0 || close < open) {
    throw new Error(`not a /proc stat line: ${stat.slice(0, 40)}`);
  }
  // Fields after the name, from the third (state); utime and stime are the 14th and 15th.
  const fields = stat.slice(close + 2).split(' ');
  return { tid, name: stat.slice(open + 1, close), cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK };
}

/** Groups a process's threads by role; threads named like the main thread are its helpers. */
export function byRole(pid: number, threads: readonly ThreadStat[]): ThreadCpu {
  const mainName = threads.find((t) => t.tid === pid)?.name;
  const roles: ThreadCpu = {};
  for (const t of threads) {
    const role = t.tid === pid ? 'main' : t.name === mainName ? 'helpers' : t.name;
    roles[role] = (roles[role] ?? 0) + t.cpuMs;
  }
  return roles;
}

/** Reads every thread of `pid` now. */
export function sampleThreads(pid: number): ThreadCpu {
  const threads = readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
    try {
      return [parseThreadStat(Number(tid), readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'))];
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

/** CPU milliseconds per webhook of each role between two readings, to 0.01 ms. */
export function perWebhook(before: ThreadCpu, after: ThreadCpu, webhooks: number): ThreadCpu {
  const out: ThreadCpu = {};
  for (const [role, ms] of Object.entries(after)) {
    out[role] = Math.round(((ms - (before[role] ?? 0)) / Math.max(1, webhooks)) * 100) / 100;
  }
  return out;
}
