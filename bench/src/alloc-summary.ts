// `--alloc-profile`: where the standalone product's main thread allocates, per webhook, from the sampling heap
// profile that bench/src/product/alloc-sampler.cjs writes over the soak's measured part. Allocation, not what
// is kept: every object counts whether a collection has freed it since, so the figures are what drives the
// main thread's collections (docs/performance.md).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { originOf } from './profile-summary';

/** The parts of V8's sampling heap profile (`HeapProfiler.SamplingHeapProfile`) read here. */
export interface HeapProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  /** Bytes allocated by this frame's own code (sampled), not by what it called. */
  selfSize: number;
  children: HeapProfileNode[];
}

export interface AllocationShare {
  name: string;
  /** Per cent of all the bytes sampled. */
  pct: number;
  kbPerWebhook: number;
}

export interface AllocationSummary {
  /** Webhooks sent while it sampled: what the per-webhook figures divide by. */
  webhooks: number;
  /** Everything the main thread allocated while sampling, per webhook (kB; V8's sampled estimate). */
  kbPerWebhook: number;
  byPackage: AllocationShare[];
  byFunction: AllocationShare[];
}

const kb = (bytes: number, webhooks: number): number => Math.round((bytes / 1024 / Math.max(1, webhooks)) * 10) / 10;

/** Bytes allocated by origin (as the CPU profiles' origins) and by function, the `n` largest of each. */
export function summarizeAllocations(head: HeapProfileNode, webhooks: number, n = 12): AllocationSummary {
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  const visit = (node: HeapProfileNode): void => {
    const { functionName, url, lineNumber } = node.callFrame;
    if (node.selfSize > 0) {
      total += node.selfSize;
      const origin = originOf(url);
      byPackage.set(origin, (byPackage.get(origin) ?? 0) + node.selfSize);
      const fn = `${functionName || '(anonymous)'} (${url ? `${origin}:${lineNumber + 1}` : 'native'})`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + node.selfSize);
    }
    node.children.forEach(visit);
  };
  visit(head);
  const top = (m: Map<string, number>): AllocationShare[] =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, bytes]) => ({ name, pct: Math.round((bytes / Math.max(1, total)) * 1000) / 10, kbPerWebhook: kb(bytes, webhooks) }));
  return { webhooks, kbPerWebhook: kb(total, webhooks), byPackage: top(byPackage), byFunction: top(byFunction) };
}

/** Starts and stops the sampler in the product's process `pid` (SIGUSR2 each), then reads what it wrote to `file`. */
export function allocationSampler(pid: number, file: string, timeoutMs = 30_000) {
  return {
    start(): void {
      process.kill(pid, 'SIGUSR2');
    },
    async stop(webhooks: number): Promise<AllocationSummary> {
      process.kill(pid, 'SIGUSR2');
      for (const deadline = Date.now() + timeoutMs; !existsSync(file); ) {
        if (Date.now() > deadline) {
          throw new Error(`no allocation profile at ${file} after ${timeoutMs} ms`);
        }
        await sleep(100);
      }
      const profile = JSON.parse(await readFile(file, 'utf8')) as { head: HeapProfileNode };
      return summarizeAllocations(profile.head, webhooks);
    },
  };
}

export type AllocationSampler = ReturnType<typeof allocationSampler>;
