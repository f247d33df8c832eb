// `--alloc-profile`: where the standalone product's main thread allocates, per webhook, from the sampling heap
// profile that bench/src/product/alloc-sampler.cjs writes over the soak's measured part. Allocation, not what
// is kept: every object counts whether a collection has freed it since, so the figures are what drives the
// main thread's collections (docs/performance.md).
import { existsSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { addTo, frameLabel, largestShares, originOf } from './profile-summary';
import type { Share } from './profile-summary';

/** The parts of V8's sampling heap profile (`HeapProfiler.SamplingHeapProfile`) read here. */
export interface HeapProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  /** Bytes allocated by this frame's own code (sampled), not by what it called. */
  selfSize: number;
  children: HeapProfileNode[];
}

export interface AllocationShare extends Share {
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

/** Starts the sampler in the product (the soak's measured part begins), then stops it and reads its profile. */
export interface AllocationSampler {
  start(): void;
  stop(webhooks: number): Promise<AllocationSummary>;
}

const kb = (bytes: number, webhooks: number): number => Math.round((bytes / 1024 / Math.max(1, webhooks)) * 10) / 10;

/** Bytes allocated by origin and by function (named as in the CPU profiles' summaries), the `n` largest of each. */
export function summarizeAllocations(head: HeapProfileNode, webhooks: number, n = 12): AllocationSummary {
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  const visit = (node: HeapProfileNode): void => {
    if (node.selfSize > 0) {
      total += node.selfSize;
      addTo(byPackage, originOf(node.callFrame.url), node.selfSize);
      addTo(byFunction, frameLabel(node.callFrame), node.selfSize);
    }
    node.children.forEach(visit);
  };
  visit(head);
  const top = (m: Map<string, number>): AllocationShare[] =>
    largestShares(m, total, n).map((s) => ({ ...s, kbPerWebhook: kb(m.get(s.name) ?? 0, webhooks) }));
  return { webhooks, kbPerWebhook: kb(total, webhooks), byPackage: top(byPackage), byFunction: top(byFunction) };
}

/**
 * What the product is started with for `--alloc-profile` (the sampler `--require`d, and the file it writes into
 * `dir`), and the sampler to start and stop in it by SIGUSR2 once it runs as `pid`.
 */
export function allocationProfiling(dir: string, timeoutMs = 30_000) {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `alloc-${Date.now()}.heapprofile`);
  return {
    execArgv: ['--require', path.join(__dirname, 'product/alloc-sampler.cjs')],
    env: { BENCH_ALLOC_PROFILE: file },
    sampler: (pid: number): AllocationSampler => ({
      start: () => void process.kill(pid, 'SIGUSR2'),
      async stop(webhooks) {
        process.kill(pid, 'SIGUSR2');
        for (const deadline = Date.now() + timeoutMs; !existsSync(file);) {
          if (Date.now() > deadline) {
            throw new Error(`no allocation profile at ${file} after ${timeoutMs} ms`);
          }
          await sleep(100);
        }
        const profile = JSON.parse(await readFile(file, 'utf8')) as { head: HeapProfileNode };
        return summarizeAllocations(profile.head, webhooks);
      },
    }),
  };
}
