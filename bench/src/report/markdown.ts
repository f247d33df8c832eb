// bench/results/<name>.md: the tables a reader needs, ratios against the baseline measured in the same run.
import type { AllocationShare, AllocationSummary } from '../alloc-summary';
import { relayRate, rssGrowth, sweepOf } from '../checks';
import { addedList, pairsOf, waitedWhere } from '../half-rate';
import { describeOwnPauses } from '../own-pauses';
import { describeBuild } from '../product-build';
import { describeStalls } from '../stalls';
import { describeUse } from '../thread-cpu';
import type { ProfileSummary, Share } from '../profile-summary';
import { chartedSoak } from './result';
import type { BenchResult } from './result';
import type { SweepResult } from '../sweep';

const f = (n: number, d = 1): string => (Number.isFinite(n) ? n.toFixed(d) : '—');
/** "two threads at once did 1.53× one thread's work (1.61× after the run) · ", or nothing for results without it. */
const parallelOf = (m: BenchResult['machine']): string =>
  m.parallelAtStart === undefined
    ? ''
    : `two threads at once did ${f(m.parallelAtStart, 2)}× one thread's work${m.parallelAtEnd === undefined ? '' : ` (${f(m.parallelAtEnd, 2)}× after the run)`} · `;

export function resultMarkdown(r: BenchResult, svgName: string, pngName: string | null): string {
  const m = r.machine;
  const lines: string[] = [
    `# Webhook fan-out benchmark (${r.mode})`,
    '',
    `${m.date} · ${m.nproc} CPUs (${m.cpuModel}) · ${m.memoryMiB} MiB · Node ${m.node} · Linux ${m.kernel} · ` +
      `load average at start ${m.loadAvgAtStart.join(' / ')} · CPU steal at start ${f(m.stealAtStartPct)} % · ${parallelOf(m)}run took ${r.durationS} s · ` +
      describeBuild(r.product),
    '',
    `![${chartedSoak(r) ? 'memory over the soak' : 'latency versus rate'}](${pngName ?? svgName})`,
  ];
  if (r.sweeps.length) {
    lines.push(
      '',
      '## Highest sustained rate (p99 < 250 ms, no errors)',
      '',
      '| fan-out | system | webhooks/s | orders/s | × baseline | p50 / p99 / max at that rate (ms) | CPU ms per webhook | peak RSS (MiB) |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
    );
  }
  const base = (fanOut: number): number => sweepOf(r.sweeps, 'baseline', fanOut)?.sustainedRate ?? Number.NaN;
  for (const s of [...r.sweeps].sort((a, b) => a.fanOut - b.fanOut)) {
    const at = s.steps.find((p) => p.rate === s.sustainedRate);
    const peak = Math.max(...s.steps.map((p) => p.peakRssMiB));
    lines.push(
      `| ${s.fanOut} | ${s.target} | ${s.sustainedRate} | ${s.sustainedRate * s.fanOut} | ${f(s.sustainedRate / base(s.fanOut), 2)} | ` +
        `${at ? `${f(at.latency.p50)} / ${f(at.latency.p99)} / ${f(at.latency.max)}` : '—'} | ${at ? f(at.cpuMsPerWebhook, 2) : '—'} | ${f(peak, 0)} |`,
    );
  }
  lines.push(...relayDrift(r));
  if (r.halfRate.length) {
    lines.push('', '## Latency at half the product’s sustained rate (same rate for both)', '');
    lines.push('The median of the alternated pairs of steps; every pair’s p99 added in the order they ran.', '');
    lines.push(
      '| fan-out | product | rate | baseline p50 / p99 | product p50 / p99 | p99 added (ms) | every pair (ms) | product errors |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const h of r.halfRate) {
      const pairs = pairsOf(h);
      lines.push(
        `| ${h.fanOut} | ${h.target} | ${h.rate}/s | ${f(h.baseline.latency.p50)} / ${f(h.baseline.latency.p99)} | ${f(h.product.latency.p50)} / ${f(h.product.latency.p99)} | ` +
          `${f(h.product.latency.p99 - h.baseline.latency.p99)} | ${addedList(pairs)} | ${pairs.reduce((n, p) => n + p.product.errors, 0)} |`,
      );
    }
    const withStalls = r.halfRate.filter((h) => pairsOf(h).some((p) => p.product.stalls));
    for (const h of withStalls) {
      lines.push(
        '',
        `What held the ${h.target} product up in each pair's step (its collections by thread; the embedded database's vacuums and checkpoints), ` +
          'with its p99 to the first order beside the p99 to the last (when the two are close, the late webhooks waited before any of their orders went out) ' +
          "and the p99 of the bench's own lateness in sending them, which counts in both:",
        '',
      );
      pairsOf(h).forEach(
        (p, i) =>
          p.product.stalls &&
          lines.push(
            `- pair ${i + 1}, p99 ${f(p.product.latency.p99)} ms${waitedWhere(p)}: ${describeStalls(p.product.stalls)}`,
          ),
      );
    }
    const byThread = r.halfRate.flatMap((h) =>
      h.baseline.threads && h.product.threads
        ? [
            `- ${h.target} at ${h.rate}/s: baseline ${describeUse(h.baseline.threads)}; product ${describeUse(h.product.threads)}`,
          ]
        : [],
    );
    if (byThread.length) {
      lines.push(
        '',
        'Per webhook by thread in the median pair (wake-ups / CPU): what a webhook costs each thread, and how often it wakes one.',
        '',
        ...byThread,
      );
    }
  }
  if (r.kafka) {
    const k = r.kafka;
    lines.push('', '## What the local Kafka broker adds', '');
    lines.push(
      `Broker: ${k.broker === 'mock' ? 'librdkafka mock cluster' : 'Kafka in a container'}, KAFKA_MAX_WAIT_MS = ${k.maxWaitMs} (gateway and execution, on the webhook path; ` +
        `auth, trading and connections keep the product default, 100). ` +
        `A bare kafkajs request → reply (two topics, two consumers, same settings as the webhook path's services): ` +
        `p50 ${f(k.roundTrip.p50)} ms, p99 ${f(k.roundTrip.p99)} ms, max ${f(k.roundTrip.max)} ms (${k.roundTrip.count} round trips). ` +
        'The mock does not wake a waiting fetch when a message arrives, so every hop can wait up to KAFKA_MAX_WAIT_MS: ' +
        'read distributed latencies net of this round trip.',
    );
  }
  if (r.soak) {
    const s = r.soak;
    const first = s.rssMiB[0]?.rssMiB ?? Number.NaN;
    const last = s.rssMiB[s.rssMiB.length - 1]?.rssMiB ?? Number.NaN;
    const growth = rssGrowth(s);
    lines.push(
      '',
      `## Soak: ${s.target} fan-out ${s.fanOut} at ${s.rate}/s for ${Math.round(s.durationMs / 60000)} min, after ${s.warmUpS} s of warm-up`,
      '',
    );
    lines.push(
      `RSS ${f(first)} MiB at the warm-up's start, ${f(last)} MiB at the end; over the measured minutes ${growth ? `${f(growth.fromMiB)} → ${f(growth.toMiB)} MiB (${growth.window}-s means)` : 'no samples'}. ` +
        `Measured part: latency p50 ${f(s.latency.p50)} / p99 ${f(s.latency.p99)} ms; errors ${s.errors}; CPU steal ${f(s.stealPct)} %.`,
    );
    if (s.cpuMsPerWebhook) {
      const { threads, bench } = s.cpuMsPerWebhook;
      const total = Object.values(threads).reduce((a, b) => a + b, 0);
      const parts = Object.entries(threads)
        .sort(([, a], [, b]) => b - a)
        .map(([role, ms]) => `${role} ${f(ms, 2)}`);
      lines.push(
        '',
        `CPU per webhook over the measured part: the product ${f(total, 2)} ms (by thread: ${parts.join(', ')}); ` +
          `the bench's own process (load driver and simulator, on the same cores) ${f(bench, 2)} ms.`,
      );
      if (s.wakesPerWebhook) {
        const wakes = Object.entries(s.wakesPerWebhook)
          .sort(([, a], [, b]) => b - a)
          .map(([role, n]) => `${role} ${f(n, 1)}`);
        lines.push('', `Wake-ups per webhook (voluntary context switches) by thread: ${wakes.join(', ')}.`);
      }
    }
    if (s.stalls) {
      lines.push('', `What held it up over the measured part: ${describeStalls(s.stalls)}.`);
    }
    if (s.benchPauses) {
      lines.push(
        '',
        `What held the bench's own process (load driver and simulator) up, whose pauses count as latency: ${describeOwnPauses(s.benchPauses)}.`,
      );
    }
    if (s.allocations) {
      lines.push('', ...allocationsMarkdown(s.allocations));
    }
    lines.push('', `RSS samples (s: MiB): ${s.rssMiB.map((p) => `${p.atS}: ${f(p.rssMiB, 0)}`).join(', ')}`);
    if (s.rssMiB.some((p) => p.diskMiB !== undefined)) {
      lines.push(
        '',
        `Data directory samples (s: MiB): ${s.rssMiB.map((p) => `${p.atS}: ${f(p.diskMiB ?? Number.NaN, 0)}`).join(', ')}`,
      );
    }
  }
  lines.push('', '## Targets', '', '| target | goal | measured | met |', '| --- | --- | --- | --- |');
  for (const c of r.checks) {
    lines.push(
      `| ${c.name} | ${c.goal} | ${c.measured} | ${c.met === null ? (c.unjudged ?? 'not measured') : c.met ? 'yes' : 'NO'} |`,
    );
  }
  if (r.sweeps.length) {
    lines.push(
      '',
      '## Every step',
      '',
      '| system | fan-out | rate/s | sent | errors | p50 | p99 | max | first order p99 | answer p99 | CPU cores | RSS MiB | load | steal % | new broker connections |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    );
  }
  for (const s of r.sweeps) {
    for (const p of s.steps) {
      lines.push(
        `| ${s.target} | ${s.fanOut} | ${p.rate} | ${p.sent} | ${p.errors} | ${f(p.latency.p50)} | ${f(p.latency.p99)} | ${f(p.latency.max)} | ${f(p.firstOrder?.p99 ?? Number.NaN)} | ${f(p.response.p99)} | ${f(p.cpuCores, 2)} | ${f(p.rssMiB, 0)} | ${f(p.loadAvg1, 1)} | ${f(p.stealPct)} | ${p.connectionsOpened ?? '—'} |`,
      );
    }
  }
  if (r.profiles?.length) {
    lines.push('', ...profilesMarkdown(r.profiles));
  }
  lines.push('', '## How it was measured', '', ...r.method.map((x) => `- ${x}`));
  if (r.notes.length) {
    lines.push('', '## Notes', '', ...r.notes.map((x) => `- ${x}`));
  }
  return `${lines.join('\n')}\n`;
}

/** `--alloc-profile`: what the main thread allocated over the soak's measured part, by origin and by function. */
function allocationsMarkdown(a: AllocationSummary): string[] {
  const shares = (xs: AllocationShare[]): string =>
    xs.map((x) => `\`${x.name}\` ${f(x.kbPerWebhook)} kB (${f(x.pct)} %)`).join(' · ');
  return [
    `Allocated by the main thread over the measured part (--alloc-profile; V8's sampling heap profiler, objects already collected included, so what drives its collections): ${f(a.kbPerWebhook)} kB per webhook over ${a.webhooks} webhooks.`,
    '',
    `- by origin: ${shares(a.byPackage)}`,
    `- by function (its own allocations, not its callees'): ${shares(a.byFunction)}`,
  ];
}

/** `--profile`: each thread's self and total time by origin and by function, as shares of its busy time. */
function profilesMarkdown(profiles: ProfileSummary[]): string[] {
  const lines = [
    '## CPU profiles (--profile)',
    '',
    "Self time (a frame's own code, not what it calls) as a share of each thread's busy time (idle excluded), the largest first. In standalone mode the only worker thread is the embedded database's.",
    'Total time (its own code and what it called on the same synchronous stack, each sample counted once per origin or function on it) says what a synchronous run of each costs; work after an `await` or in a callback is on a stack of its own, counted there.',
  ];
  const shares = (xs: Share[]): string => xs.map((x) => `\`${x.name}\` ${f(x.pct)} %`).join(' · ');
  for (const p of profiles) {
    lines.push(
      '',
      `**${p.thread}** (\`${p.file}\`, ${f(p.busyMs / 1000)} s busy)`,
      '',
      `- by origin: ${shares(p.byPackage)}`,
      `- by function: ${shares(p.byFunction)}`,
    );
    if (p.totalByPackage && p.totalByFunction) {
      lines.push(`- total by origin: ${shares(p.totalByPackage)}`, `- total by function: ${shares(p.totalByFunction)}`);
    }
  }
  return lines;
}

/**
 * The relay's second fan-out-10 sweep, after the product's, beside its first: how far the VM's speed moved while the
 * product was measured, and the mean the throughput target reads.
 */
function relayDrift(r: BenchResult): string[] {
  const before = sweepOf(r.sweeps, 'baseline', 10);
  const after = r.relayAfter;
  if (!before || !after) {
    return [];
  }
  const mainMs = (s: SweepResult): string => {
    const ms = s.steps.find((p) => p.rate === s.sustainedRate && p.pass)?.threads?.cpuMs.main;
    return ms === undefined ? '' : ` (main thread ${f(ms, 2)} ms a webhook)`;
  };
  return [
    '',
    `The relay at fan-out 10 before the standalone product: ${before.sustainedRate}/s${mainMs(before)}; swept again ` +
      `right after it: ${after.sustainedRate}/s${mainMs(after)}. The throughput target reads the product against ` +
      `their mean, ${relayRate([before, after])}/s.`,
  ];
}
