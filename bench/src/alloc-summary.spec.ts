import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allocationProfiling, summarizeAllocations } from './alloc-summary';
import type { HeapProfileNode } from './alloc-summary';
import { spawnChild } from './child';

const node = (
  functionName: string,
  url: string,
  selfSize: number,
  children: HeapProfileNode[] = [],
): HeapProfileNode => ({
  callFrame: { functionName, url, lineNumber: 9 },
  selfSize,
  children,
});

describe('summarizeAllocations', () => {
  const head = node('(root)', '', 0, [
    node('plan', 'file:///app/dist/services/execution/src/webhooks/fan-out.service.js', 600 * 1024, [
      node('request', 'file:///app/node_modules/undici/lib/api/api-request.js', 300 * 1024),
    ]),
    node('request', 'file:///app/node_modules/undici/lib/api/api-request.js', 100 * 1024),
    node('(garbage collector)', '', 0),
  ]);

  it('should share out the bytes by origin and by function, per webhook', () => {
    const s = summarizeAllocations(head, 100);

    expect(s).toEqual({
      webhooks: 100,
      kbPerWebhook: 10,
      byPackage: [
        { name: 'services/execution/src', pct: 60, kbPerWebhook: 6 },
        { name: 'undici', pct: 40, kbPerWebhook: 4 },
      ],
      byFunction: [
        { name: 'plan (services/execution/src:10)', pct: 60, kbPerWebhook: 6 },
        { name: 'request (undici:10)', pct: 40, kbPerWebhook: 4 },
      ],
    });
  });

  it('should keep the n largest', () => {
    expect(summarizeAllocations(head, 100, 1).byFunction.map((x) => x.name)).toEqual([
      'plan (services/execution/src:10)',
    ]);
  });
});

describe('allocationProfiling', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-alloc-'));

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('should profile what a process allocates between start and stop, collected objects included', async () => {
    // A process that keeps nothing: every array it makes is garbage at once, so only a profile of allocations sees it.
    const script = path.join(dir, 'churn.js');
    writeFileSync(
      script,
      `function churn() { for (let i = 0; i < 2000; i++) new Array(256).fill(i); }
      process.stdout.write('ready\\n'); setInterval(churn, 5);`,
    );
    const profiling = allocationProfiling(dir, 10_000);
    const child = spawnChild('churn', script, { NODE_OPTIONS: '', ...profiling.env }, profiling.execArgv);
    try {
      await child.waitForLine(/^ready$/, 10_000);
      const sampler = profiling.sampler(child.pid);
      sampler.start();
      await new Promise((r) => setTimeout(r, 500));

      const s = await sampler.stop(10);

      expect(s.byFunction[0].name).toMatch(/^churn \(/);
      expect(s.kbPerWebhook).toBeGreaterThan(100);
    } finally {
      await child.stop();
    }
  });
});
