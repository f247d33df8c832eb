import { resultMarkdown } from './markdown';
import type { BenchResult, SoakResult } from './result';

const latency = { count: 18_000, p50: 4, p90: 9, p99: 55, max: 80, mean: 5 };

const soakResult = (cpu?: SoakResult['cpuMsPerWebhook']): BenchResult => ({
  machine: { nproc: 2, cpuModel: 'AMD EPYC', memoryMiB: 24_105, node: 'v20.20.2', kernel: '6.18', date: '2026-11-25T13:00:00Z', loadAvgAtStart: [0.2, 0.5, 0.6], stealAtStartPct: 0 },
  mode: 'soak',
  durationS: 420,
  method: [],
  sweeps: [],
  halfRate: [],
  kafka: null,
  soak: {
    target: 'standalone', fanOut: 10, rate: 60, durationMs: 300_000, warmUpS: 120, latency, errors: 0, stealPct: 0.1,
    rssMiB: [{ atS: 0, rssMiB: 600 }, { atS: 120, rssMiB: 650 }, { atS: 420, rssMiB: 655 }],
    ...(cpu ? { cpuMsPerWebhook: cpu } : {}),
  },
  checks: [],
  notes: [],
});

describe('resultMarkdown, soak section', () => {
  it("should give the product's CPU per webhook by thread, heaviest first, and the bench's own", () => {
    const md = resultMarkdown(soakResult({ threads: { helpers: 0.9, main: 6.28, pglite: 4.14 }, bench: 3.5 }), 'latest-soak.svg', null);

    expect(md).toContain(
      "CPU per webhook over the measured part: the product 11.32 ms (by thread: main 6.28, pglite 4.14, helpers 0.90); " +
        "the bench's own process (load driver and simulator, on the same cores) 3.50 ms.",
    );
  });

  it('should leave the line out for a result written before threads were read', () => {
    expect(resultMarkdown(soakResult(), 'latest-soak.svg', null)).not.toContain('CPU per webhook over the measured part');
  });
});
