// The targets, evaluated from what was measured (never asserted: a miss is reported, not hidden).
import type { HalfRateComparison, KafkaRoundTrip, SoakResult, TargetCheck } from './report/result';
import type { SweepResult } from './sweep';

const rate = (sweeps: SweepResult[], target: string, fanOut: number): number | undefined =>
  sweeps.find((s) => s.target === target && s.fanOut === fanOut)?.sustainedRate;

export function evaluateChecks(sweeps: SweepResult[], half: HalfRateComparison[], kafka: KafkaRoundTrip | null, soak: SoakResult | null): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const b = rate(sweeps, 'baseline', 10);
  const s = rate(sweeps, 'standalone', 10);
  checks.push({
    name: 'standalone throughput, fan-out 10',
    goal: '≥ 50 % of the baseline’s sustained rate',
    measured: b !== undefined && s !== undefined ? `${s}/s vs ${b}/s = ${Math.round((100 * s) / Math.max(1, b))} %` : 'not run',
    met: b !== undefined && s !== undefined ? s >= b / 2 : null,
  });
  const hs = half.find((h) => h.target === 'standalone');
  checks.push({
    name: 'standalone p99 at half its sustained rate, fan-out 10',
    goal: '≤ baseline p99 at the same rate + 15 ms',
    measured: hs ? `${hs.product.latency.p99} ms vs ${hs.baseline.latency.p99} ms at ${hs.rate}/s` : 'not run',
    met: hs ? hs.product.latency.p99 <= hs.baseline.latency.p99 + 15 && hs.product.errors === 0 : null,
  });
  const hd = half.find((h) => h.target === 'distributed');
  const added = hd && kafka ? hd.product.latency.p99 - hd.baseline.latency.p99 - kafka.roundTrip.p99 : undefined;
  checks.push({
    name: 'distributed latency beyond the broker’s own wait, fan-out 10',
    goal: '< 20 ms at p99 (product p99 − baseline p99 − bare kafkajs round-trip p99)',
    measured: added !== undefined && hd && kafka ? `${hd.product.latency.p99} − ${hd.baseline.latency.p99} − ${kafka.roundTrip.p99} = ${Math.round(added * 10) / 10} ms at ${hd.rate}/s` : 'not run',
    met: added !== undefined ? added < 20 : null,
  });
  const first = soak?.rssMiB[Math.min(2, soak.rssMiB.length - 1)]?.rssMiB;
  const last = soak?.rssMiB[soak.rssMiB.length - 1]?.rssMiB;
  checks.push({
    name: 'memory over a 5-minute run (--soak)',
    goal: 'flat (RSS grows < 10 % after warm-up)',
    measured: soak && first !== undefined && last !== undefined ? `${first} → ${last} MiB` : 'not run (use --soak)',
    met: soak && first !== undefined && last !== undefined ? last <= first * 1.1 : null,
  });
  return checks;
}
