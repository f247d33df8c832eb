// The targets, evaluated from what was measured (never asserted: a miss is reported, not hidden).
// A target is judged only from steps the hypervisor left alone: with the machine's CPU stolen, a miss or a
// pass says nothing about the product (cpu-steal.ts).
import { STEAL_LIMIT_PCT } from './cpu-steal';
import { addedList, pairsOf } from './half-rate';
import type { HalfRateComparison, KafkaRoundTrip, SoakResult, TargetCheck } from './report/result';
import type { StepResult, SweepResult } from './sweep';

export const sweepOf = (sweeps: SweepResult[], target: string, fanOut: number): SweepResult | undefined =>
  sweeps.find((s) => s.target === target && s.fanOut === fanOut);

/** The steps a sustained rate rests on: the highest that passed and the first that failed above it. */
export function decidingSteps(sweep: SweepResult): StepResult[] {
  const pass = sweep.steps.find((p) => p.rate === sweep.sustainedRate && p.pass);
  const fail = sweep.steps.filter((p) => !p.pass && p.rate > sweep.sustainedRate).sort((a, b) => a.rate - b.rate)[0];
  return [pass, fail].filter((p): p is StepResult => p !== undefined);
}

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * The relay's rate the throughput target reads: with its sweep run again after the product's, the mean of the two, its
 * rate over the product's minutes.
 */
export const relayRate = (relays: SweepResult[]): number => mean(relays.map((r) => r.sustainedRate));

/** The first rate above the sustained one that failed: the sustained rate lies below it (undefined: none failed). */
const failedAbove = (sweep: SweepResult): number | undefined => decidingSteps(sweep).find((p) => !p.pass)?.rate;

/**
 * Where the throughput ratio can lie, given the bisection: each sustained rate is at least the rate that passed and
 * below the next that failed, so the ratio is between the product's pass over the relay's fail and the product's fail
 * over the relay's pass (undefined when a sweep had no failing step). Bisected twice, as until 2026-12-06, the
 * bracket was wide enough to hold 50 % in most runs.
 */
export function ratioBracket(product: SweepResult, relays: SweepResult[]): { low: number; high: number } | undefined {
  const productFail = failedAbove(product);
  const relayFails = relays.map(failedAbove);
  if (productFail === undefined || relayFails.some((f) => f === undefined)) {
    return undefined;
  }
  return {
    low: product.sustainedRate / mean(relayFails as number[]),
    high: productFail / Math.max(1, relayRate(relays)),
  };
}

/** Why a check cannot be judged from these steps, or undefined when none of them was stolen. */
export function stolen(steals: number[]): string | undefined {
  const worst = Math.max(0, ...steals);
  return worst >= STEAL_LIMIT_PCT
    ? `not judged: the hypervisor took ${worst} % of the CPU during these steps (limit ${STEAL_LIMIT_PCT} %)`
    : undefined;
}

/** A check measured from steps: judged by `met` unless the steps were stolen. */
function check(name: string, goal: string, measured: string, met: boolean, steals: number[]): TargetCheck {
  const unjudged = stolen(steals);
  return unjudged ? { name, goal, measured, met: null, unjudged } : { name, goal, measured, met };
}

/** A comparison is judged only if none of its steps was stolen: the median pair is chosen among all of them. */
const steals = (h: HalfRateComparison): number[] =>
  pairsOf(h).flatMap((p) => [p.product.stealPct, p.baseline.stealPct]);

const ofPairs = (h: HalfRateComparison): string =>
  h.pairs && h.pairs.length > 1
    ? ` (median of ${h.pairs.length} alternated pairs; product p99 − baseline p99 per pair: ${addedList(h.pairs)} ms)`
    : '';

const notRun = (name: string, goal: string, measured = 'not run'): TargetCheck => ({ name, goal, measured, met: null });

export function evaluateChecks(
  sweeps: SweepResult[],
  half: HalfRateComparison[],
  kafka: KafkaRoundTrip | null,
  soak: SoakResult | null,
  /** The relay's fan-out-10 sweep run again after the standalone product's (absent before 2026-12-02). */
  relayAfter?: SweepResult | null,
): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const bs = sweepOf(sweeps, 'baseline', 10);
  const ss = sweepOf(sweeps, 'standalone', 10);
  const throughput = ['standalone throughput, fan-out 10', '≥ 50 % of the baseline’s sustained rate'] as const;
  if (bs && ss) {
    const relays = relayAfter ? [bs, relayAfter] : [bs];
    const b = relayRate(relays);
    const s = ss.sustainedRate;
    const steals = [...relays, ss].flatMap(decidingSteps).map((p) => p.stealPct);
    const bracket = ratioBracket(ss, relays);
    const pct = (x: number) => Math.round(100 * x);
    const measured =
      `${s}/s vs ${b}/s = ${pct(s / Math.max(1, b))} %` +
      (relayAfter
        ? ` (the relay's mean: ${bs.sustainedRate}/s before the product, ${relayAfter.sustainedRate}/s after it)`
        : '') +
      (bracket ? `; between ${pct(bracket.low)} and ${pct(bracket.high)} % by the steps that failed above each` : '');
    checks.push(check(...throughput, measured, s >= b / 2, steals));
  } else {
    checks.push(notRun(...throughput));
  }
  const hs = half.find((h) => h.target === 'standalone');
  const latency = [
    'standalone p99 at half its sustained rate, fan-out 10',
    '≤ baseline p99 at the same rate + 15 ms',
  ] as const;
  checks.push(
    hs
      ? check(
          ...latency,
          `${hs.product.latency.p99} ms vs ${hs.baseline.latency.p99} ms at ${hs.rate}/s${ofPairs(hs)}`,
          hs.product.latency.p99 <= hs.baseline.latency.p99 + 15 && pairsOf(hs).every((p) => p.product.errors === 0),
          steals(hs),
        )
      : notRun(...latency),
  );
  const hd = half.find((h) => h.target === 'distributed');
  const distributed = [
    'distributed latency beyond the broker’s own wait, fan-out 10',
    '< 20 ms at p99 (product p99 − baseline p99 − bare kafkajs round-trip p99)',
  ] as const;
  if (hd && kafka) {
    const added = hd.product.latency.p99 - hd.baseline.latency.p99 - kafka.roundTrip.p99;
    const measured = `${hd.product.latency.p99} − ${hd.baseline.latency.p99} − ${kafka.roundTrip.p99} = ${Math.round(added * 10) / 10} ms at ${hd.rate}/s${ofPairs(hd)}`;
    checks.push(check(...distributed, measured, added < 20, steals(hd)));
  } else {
    checks.push(notRun(...distributed));
  }
  const memory = ['memory over a 5-minute run (--soak)', 'flat (RSS grows < 10 % after warm-up)'] as const;
  const growth = soak ? rssGrowth(soak) : undefined;
  // A stolen soak falls behind and holds its backlog in memory, so it is not judged either.
  checks.push(
    soak && growth
      ? check(
          ...memory,
          `${growth.fromMiB} → ${growth.toMiB} MiB (${growth.window} s means, after ${soak.warmUpS} s of warm-up)`,
          growth.toMiB <= growth.fromMiB * 1.1,
          [soak.stealPct],
        )
      : notRun(...memory, 'not run (use --soak)'),
  );
  return checks;
}

/**
 * RSS at the start and at the end of the soak's measured part, each the mean of a window's samples (a minute,
 * or a quarter of a shorter soak): one 5-s sample moves a few per cent with every garbage collection, so two
 * single samples could hide a slow leak or invent one.
 */
export function rssGrowth(soak: SoakResult): { fromMiB: number; toMiB: number; window: number } | undefined {
  const measured = soak.rssMiB.filter((p) => p.atS >= soak.warmUpS);
  if (measured.length === 0) {
    return undefined;
  }
  const end = measured[measured.length - 1].atS;
  const window = Math.max(5, Math.min(60, Math.round((end - soak.warmUpS) / 4)));
  const mean = (ps: typeof measured): number =>
    Math.round((ps.reduce((n, p) => n + p.rssMiB, 0) / ps.length) * 10) / 10;
  return {
    fromMiB: mean(measured.filter((p) => p.atS < soak.warmUpS + window)),
    toMiB: mean(measured.filter((p) => p.atS > end - window)),
    window,
  };
}
