import { resultMarkdown } from './markdown';
import type { BenchResult, SoakResult } from './result';
import type { StepResult } from '../sweep';
import type { ThreadUse } from '../thread-cpu';

const latency = { count: 18_000, p50: 4, p90: 9, p99: 55, max: 80, mean: 5 };

const soakResult = (cpu?: SoakResult['cpuMsPerWebhook'], wakes?: SoakResult['wakesPerWebhook']): BenchResult => ({
  machine: {
    nproc: 2,
    cpuModel: 'AMD EPYC',
    memoryMiB: 24_105,
    node: 'v20.20.2',
    kernel: '6.18',
    date: '2026-11-25T13:00:00Z',
    loadAvgAtStart: [0.2, 0.5, 0.6],
    stealAtStartPct: 0,
  },
  mode: 'soak',
  durationS: 420,
  method: [],
  sweeps: [],
  halfRate: [],
  kafka: null,
  soak: {
    target: 'standalone',
    fanOut: 10,
    rate: 60,
    durationMs: 300_000,
    warmUpS: 120,
    latency,
    errors: 0,
    stealPct: 0.1,
    rssMiB: [
      { atS: 0, rssMiB: 600 },
      { atS: 120, rssMiB: 650 },
      { atS: 420, rssMiB: 655 },
    ],
    ...(cpu ? { cpuMsPerWebhook: cpu } : {}),
    ...(wakes ? { wakesPerWebhook: wakes } : {}),
  },
  checks: [],
  notes: [],
});

describe('resultMarkdown, soak section', () => {
  it('should show a soak without a sweep by its memory chart, with no empty tables of sweeps', () => {
    const md = resultMarkdown(soakResult(), 'latest-soak.svg', 'latest-soak.png');

    expect(md).toContain('![memory over the soak](latest-soak.png)');
    expect(md).not.toContain('latency versus rate');
    expect(md).not.toContain('## Highest sustained rate');
    expect(md).not.toContain('## Every step');
    expect(md).toContain('## Targets');
  });

  it("should give the product's CPU per webhook by thread, heaviest first, and the bench's own", () => {
    const md = resultMarkdown(
      soakResult({ threads: { helpers: 0.9, main: 6.28, pglite: 4.14 }, bench: 3.5 }),
      'latest-soak.svg',
      null,
    );

    expect(md).toContain(
      'CPU per webhook over the measured part: the product 11.32 ms (by thread: main 6.28, pglite 4.14, helpers 0.90); ' +
        "the bench's own process (load driver and simulator, on the same cores) 3.50 ms.",
    );
  });

  it('should leave the line out for a result written before threads were read', () => {
    expect(resultMarkdown(soakResult(), 'latest-soak.svg', null)).not.toContain(
      'CPU per webhook over the measured part',
    );
  });

  it("should give the product's wake-ups per webhook by thread, most first", () => {
    const md = resultMarkdown(
      soakResult({ threads: { main: 6.28, pglite: 4.14 }, bench: 3.5 }, { pglite: 1.83, main: 4.81 }),
      'latest-soak.svg',
      null,
    );

    expect(md).toContain('Wake-ups per webhook (voluntary context switches) by thread: main 4.8, pglite 1.8.');
  });

  it("should say what held the bench's own process up, whose pauses count as the target's latency", () => {
    const result = soakResult();
    const md = resultMarkdown(
      {
        ...result,
        soak: {
          ...result.soak!,
          benchPauses: { loopDelayP99Ms: 12.1, loopDelayMaxMs: 950.3, gc: { count: 40, maxMs: 30.2, totalMs: 400 } },
        },
      },
      'latest-soak.svg',
      null,
    );

    expect(md).toContain(
      "What held the bench's own process (load driver and simulator) up, whose pauses count as latency: event loop delayed p99 12.1 ms, at most 950.3 ms; 40 collections (longest 30.2 ms, 400 ms in all).",
    );
  });

  it('should give what the main thread allocated per webhook, by origin and by function, with --alloc-profile', () => {
    const result = soakResult();
    const allocations = {
      webhooks: 16800,
      kbPerWebhook: 389.3,
      byPackage: [{ name: 'services/execution/src', pct: 26.2, kbPerWebhook: 101.9 }],
      byFunction: [{ name: 'drain (libs/database/src:41)', pct: 5.3, kbPerWebhook: 20.8 }],
    };
    const md = resultMarkdown({ ...result, soak: { ...result.soak!, allocations } }, 'latest-soak.svg', null);

    expect(md).toContain('389.3 kB per webhook over 16800 webhooks');
    expect(md).toContain('- by origin: `services/execution/src` 101.9 kB (26.2 %)');
    expect(md).toContain(
      "- by function (its own allocations, not its callees'): `drain (libs/database/src:41)` 20.8 kB (5.3 %)",
    );
  });

  it('should leave the allocations out without --alloc-profile', () => {
    expect(resultMarkdown(soakResult(), 'latest-soak.svg', null)).not.toContain('Allocated by the main thread');
  });
});

const step = (p99: number, threads?: ThreadUse): StepResult => ({
  rate: 80,
  durationMs: 8000,
  sent: 640,
  complete: 640,
  errors: 0,
  errorSamples: [],
  latency: { ...latency, p99 },
  response: latency,
  ordersReceived: 6400,
  pass: true,
  cpuCores: 0.5,
  cpuMsPerWebhook: 6,
  rssMiB: 600,
  peakRssMiB: 620,
  loadAvg1: 1,
  stealPct: 0,
  ...(threads ? { threads } : {}),
});

const halfRateResult = (baseline: StepResult, product: StepResult): BenchResult => ({
  ...soakResult(),
  mode: 'default',
  soak: null,
  halfRate: [{ fanOut: 10, rate: 80, target: 'standalone', baseline, product, pairs: [{ baseline, product }] }],
});

describe('resultMarkdown, half-rate section', () => {
  it("should give the median pair's wake-ups and CPU per webhook by thread, for the baseline and the product", () => {
    const md = resultMarkdown(
      halfRateResult(
        step(9.2, { cpuMs: { main: 3.11, helpers: 0.18 }, wakes: { main: 3.3, helpers: 0.2 } }),
        step(50.3, {
          cpuMs: { main: 6.5, pglite: 3.36, helpers: 2.04 },
          wakes: { main: 4.8, pglite: 1.8, helpers: 1.2 },
        }),
      ),
      'latest.svg',
      null,
    );

    expect(md).toContain(
      '- standalone at 80/s: baseline main 3.3 / 3.11 ms, helpers 0.2 / 0.18 ms; product main 4.8 / 6.50 ms, pglite 1.8 / 3.36 ms, helpers 1.2 / 2.04 ms',
    );
  });

  it('should show a run with sweeps by its latency curve and its tables of steps', () => {
    const r = halfRateResult(step(9.2), step(50.3));
    const md = resultMarkdown(
      { ...r, sweeps: [{ target: 'standalone', fanOut: 10, steps: [step(50.3)], sustainedRate: 80 }] },
      'latest.svg',
      'latest.png',
    );

    expect(md).toContain('![latency versus rate](latest.png)');
    expect(md).toContain('## Highest sustained rate');
    expect(md).toContain('| standalone | 10 | 80 | 640 | 0 |');
  });

  it("should give each pair's p99 to the first order beside its p99 to the last, and the driver's lateness, in the pairs' list and the table of steps", () => {
    const stalls = {
      mainGc: { count: 3, maxMs: 9.5, totalMs: 20 },
      mainFullGc: { count: 0, maxMs: 0, totalMs: 0 },
      otherGc: { count: 0, maxMs: 0, totalMs: 0 },
      checkpointsMs: [],
      vacuumsMs: [],
    };
    const product: StepResult = {
      ...step(147.6),
      firstOrder: { ...latency, p99: 140.1 },
      driverLag: { ...latency, p99: 3.2 },
      stalls,
    };
    const r = halfRateResult({ ...step(12.1), driverLag: { ...latency, p99: 1.2 } }, product);
    const md = resultMarkdown(
      { ...r, sweeps: [{ target: 'standalone', fanOut: 10, steps: [product, step(60)], sustainedRate: 80 }] },
      'latest.svg',
      null,
    );

    expect(md).toContain(
      "- pair 1, p99 147.6 ms, first order 140.1 ms, driver late 3.2 ms (1.2 in the baseline's step): GC main 3×",
    );
    expect(md).toContain('| standalone | 10 | 80 | 640 | 0 | 4.0 | 147.6 | 80.0 | 140.1 | 55.0 |');
    // A step measured before the first order was (older results) shows a dash.
    expect(md).toContain('| standalone | 10 | 80 | 640 | 0 | 4.0 | 60.0 | 80.0 | — | 55.0 |');
  });

  it('should give the broker connections each step opened in the table of steps, a dash for results without them', () => {
    const r = halfRateResult(step(9.2), step(50.3));
    const md = resultMarkdown(
      {
        ...r,
        sweeps: [
          {
            target: 'standalone',
            fanOut: 10,
            steps: [{ ...step(50.3), connectionsOpened: 97 }, step(60)],
            sustainedRate: 80,
          },
        ],
      },
      'latest.svg',
      null,
    );

    expect(md).toContain('| new broker connections |');
    expect(md).toContain(
      '| standalone | 10 | 80 | 640 | 0 | 4.0 | 50.3 | 80.0 | — | 55.0 | 0.50 | 600 | 1.0 | 0.0 | 97 |',
    );
    expect(md).toContain(
      '| standalone | 10 | 80 | 640 | 0 | 4.0 | 60.0 | 80.0 | — | 55.0 | 0.50 | 600 | 1.0 | 0.0 | — |',
    );
  });

  it('should leave the by-thread lines out for steps read before threads were', () => {
    expect(resultMarkdown(halfRateResult(step(9.2), step(50.3)), 'latest.svg', null)).not.toContain(
      'Per webhook by thread',
    );
  });
});

describe('resultMarkdown, CPU profiles', () => {
  it("should give each thread's largest self times, the names quoted as code", () => {
    const r: BenchResult = {
      ...soakResult(),
      profiles: [
        {
          thread: 'worker thread 1',
          file: 'CPU.1.1.1.1.002.cpuprofile',
          busyMs: 55_120,
          byPackage: [{ name: 'WebAssembly', pct: 58.2 }],
          byFunction: [{ name: 'serializers.<computed> (@electric-sql/pglite:11)', pct: 1.2 }],
          totalByPackage: [{ name: '@electric-sql/pglite', pct: 97.5 }],
          totalByFunction: [{ name: 'execProtocolRawSync (@electric-sql/pglite:4)', pct: 81.3 }],
        },
      ],
    };

    const md = resultMarkdown(r, 'latest-soak.svg', null);

    expect(md).toContain('## CPU profiles (--profile)');
    expect(md).toContain('**worker thread 1** (`CPU.1.1.1.1.002.cpuprofile`, 55.1 s busy)');
    expect(md).toContain('- by origin: `WebAssembly` 58.2 %');
    expect(md).toContain('- by function: `serializers.<computed> (@electric-sql/pglite:11)` 1.2 %');
    expect(md).toContain('- total by origin: `@electric-sql/pglite` 97.5 %');
    expect(md).toContain('- total by function: `execProtocolRawSync (@electric-sql/pglite:4)` 81.3 %');
  });

  it('should leave the total lines out for profiles summarised before totals were', () => {
    const r: BenchResult = {
      ...soakResult(),
      profiles: [
        { thread: 'main thread', file: 'CPU.1.1.1.0.001.cpuprofile', busyMs: 1000, byPackage: [], byFunction: [] },
      ],
    };

    expect(resultMarkdown(r, 'latest-soak.svg', null)).not.toContain('total by');
  });

  it('should leave the section out without profiles', () => {
    expect(resultMarkdown(soakResult(), 'latest-soak.svg', null)).not.toContain('CPU profiles');
  });
});

describe('resultMarkdown, the build measured', () => {
  const header = (r: BenchResult): string => resultMarkdown(r, 'latest.svg', null).split('\n')[2];

  it("should name the product's commit in the header, and say when the build held uncommitted changes", () => {
    const build = { commit: 'efb37273cfc4c1e87f4e5ff1f6f9630f5814db09', builtAt: '2026-12-02T18:00:00.000Z' };

    expect(header({ ...soakResult(), product: { ...build, uncommittedChanges: false } })).toContain(
      '· product commit efb37273cfc4, built 2026-12-02T18:00:00.000Z',
    );
    expect(header({ ...soakResult(), product: { ...build, uncommittedChanges: true } })).toContain(
      '· product commit efb37273cfc4 with uncommitted changes, built',
    );
  });

  it('should say so when the build was not recorded', () => {
    expect(header(soakResult())).toContain('· product build not recorded');
  });
});

describe('resultMarkdown, the relay on both sides of the product', () => {
  const relay = (rate: number, main: number) => ({
    target: 'baseline' as const,
    fanOut: 10,
    sustainedRate: rate,
    steps: [{ ...step(9), rate, threads: { cpuMs: { main, helpers: 0.1 }, wakes: { main: 3, helpers: 0.2 } } }],
  });
  const withSweeps = (relayAfter?: ReturnType<typeof relay>): BenchResult => ({
    ...halfRateResult(step(9), step(20)),
    sweeps: [relay(1120, 0.65), { target: 'standalone', fanOut: 10, steps: [step(50)], sustainedRate: 80 }],
    ...(relayAfter ? { relayAfter } : {}),
  });

  it("should give the relay's two sweeps, what a webhook cost its main thread in each, and the mean the target reads", () => {
    expect(resultMarkdown(withSweeps(relay(640, 1.13)), 'latest.svg', null)).toContain(
      'The relay at fan-out 10 before the standalone product: 1120/s (main thread 0.65 ms a webhook); swept again ' +
        'right after it: 640/s (main thread 1.13 ms a webhook). The throughput target reads the product against their mean, 880/s.',
    );
  });

  it('should say nothing of a second sweep in results that have none', () => {
    expect(resultMarkdown(withSweeps(), 'latest.svg', null)).not.toContain('swept again');
  });
});

describe('resultMarkdown, the machine', () => {
  it('should say how much two threads at once did beside one, before and after the run', () => {
    const r = soakResult();
    const md = resultMarkdown(
      { ...r, machine: { ...r.machine, parallelAtStart: 1.53, parallelAtEnd: 1.6 } },
      'x.svg',
      null,
    );

    expect(md).toContain(
      "CPU steal at start 0.0 % · two threads at once did 1.53× one thread's work (1.60× after the run) · run took 420 s",
    );
  });

  it('should say nothing of it for results from before it was measured', () => {
    expect(resultMarkdown(soakResult(), 'x.svg', null)).toContain('CPU steal at start 0.0 % · run took 420 s');
  });
});
