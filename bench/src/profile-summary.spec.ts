import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { originOf, readProfiles, summarizeProfile, threadOf } from './profile-summary';
import type { CpuProfile } from './profile-summary';

const frame = (id: number, functionName: string, url = '', lineNumber = 0, children: number[] = []) => ({
  id,
  callFrame: { functionName, url, lineNumber },
  children,
});

const RUN = 'file:///app/dist/services/execution/src/webhooks/fan-out.service.js';
const UNDICI = 'file:///app/node_modules/undici/lib/dispatcher/client-h1.js';

/**
 * 1 s idle, then 600 ms in undici, 300 ms in execution's own code, 100 ms in the garbage collector (µs deltas).
 * Stacks: the root calls `run`, which calls undici's `writeBuffer`, which calls `run` again (a re-entry, as a
 * synchronous callback would); the collector and idle hang off the root.
 */
const profile: CpuProfile = {
  nodes: [
    frame(1, '(root)', '', 0, [2, 4, 5]),
    frame(2, '(idle)'),
    frame(3, 'writeBuffer', UNDICI, 1268, [6]),
    frame(4, 'run', RUN, 165, [3]),
    frame(5, '(garbage collector)'),
    frame(6, 'run', RUN, 165),
  ],
  samples: [2, 3, 3, 4, 5, 3],
  timeDeltas: [1_000_000, 300_000, 200_000, 300_000, 100_000, 100_000],
};

describe('summarizeProfile', () => {
  it("should give each origin's and each function's self and total time as a share of the busy time, idle left out", () => {
    const s = summarizeProfile(profile, 'main thread', 'CPU.x.cpuprofile');

    expect(s).toEqual({
      thread: 'main thread',
      file: 'CPU.x.cpuprofile',
      busyMs: 1000,
      byPackage: [
        { name: 'undici', pct: 60 },
        { name: 'services/execution/src', pct: 30 },
        { name: '(native)', pct: 10 },
      ],
      byFunction: [
        { name: 'writeBuffer (undici:1269)', pct: 60 },
        { name: 'run (services/execution/src:166)', pct: 30 },
        { name: '(garbage collector) (native)', pct: 10 },
      ],
      totalByPackage: [
        { name: 'services/execution/src', pct: 90 },
        { name: 'undici', pct: 60 },
        { name: '(native)', pct: 10 },
      ],
      totalByFunction: [
        { name: 'run (services/execution/src:166)', pct: 90 },
        { name: 'writeBuffer (undici:1269)', pct: 60 },
        { name: '(garbage collector) (native)', pct: 10 },
      ],
    });
  });

  it('should count a function once for a sample taken inside it twice over (a re-entry)', () => {
    const reentered: CpuProfile = { ...profile, samples: [6], timeDeltas: [500] };

    const s = summarizeProfile(reentered, 'main thread', 'f');

    expect(s.totalByFunction).toEqual([
      { name: 'run (services/execution/src:166)', pct: 100 },
      { name: 'writeBuffer (undici:1269)', pct: 100 },
    ]);
    expect(s.byFunction).toEqual([{ name: 'run (services/execution/src:166)', pct: 100 }]);
  });

  it('should keep only the largest entries', () => {
    expect(summarizeProfile(profile, 'main thread', 'f', 1).byPackage).toEqual([{ name: 'undici', pct: 60 }]);
  });
});

describe('originOf', () => {
  it.each([
    ['file:///app/node_modules/@electric-sql/pglite/dist/index.cjs', '@electric-sql/pglite'],
    ['file:///app/node_modules/@nestjs/platform-express/node_modules/express/lib/response.js', 'express'],
    ['node:internal/worker', 'node:internal'],
    ['node:fs', 'node:fs'],
    ['wasm://wasm/022a9842', 'WebAssembly'],
    ['file:///app/dist/libs/database/src/pglite-worker.cjs', 'libs/database/src'],
    ['', '(native)'],
  ])('should place %s in %s', (url, origin) => {
    expect(originOf(url)).toBe(origin);
  });
});

describe('threadOf', () => {
  it("should read Node's thread id from the profile's file name", () => {
    expect(threadOf('CPU.20261127.215934.22317.0.001.cpuprofile')).toBe('main thread');
    expect(threadOf('CPU.20261127.215936.22317.1.002.cpuprofile')).toBe('worker thread 1');
  });
});

describe('readProfiles', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-profiles-'));

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("should read this run's profiles only, the main thread first", async () => {
    const since = Date.now() - 60_000;
    writeFileSync(path.join(dir, 'CPU.20261127.100000.1.1.002.cpuprofile'), JSON.stringify(profile));
    writeFileSync(path.join(dir, 'CPU.20261127.100000.1.0.001.cpuprofile'), JSON.stringify(profile));
    const earlier = path.join(dir, 'CPU.20261126.100000.9.0.001.cpuprofile');
    writeFileSync(earlier, JSON.stringify(profile));
    utimesSync(earlier, new Date(since - 3_600_000), new Date(since - 3_600_000));

    const read = await readProfiles(dir, since);

    expect(read.map((p) => [p.thread, p.file])).toEqual([
      ['main thread', 'CPU.20261127.100000.1.0.001.cpuprofile'],
      ['worker thread 1', 'CPU.20261127.100000.1.1.002.cpuprofile'],
    ]);
  });

  it('should find nothing in a folder that does not exist', async () => {
    await expect(readProfiles(path.join(dir, 'absent'), 0)).resolves.toEqual([]);
  });
});
