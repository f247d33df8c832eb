// `npm run bench:retention`: what a trade-log retention pass (TRADE_LOG_RETENTION_DAYS) costs the webhooks served while
// it runs, on standalone's embedded database, whose one session the pass shares with every closing write.
// For each case a journal of --entries webhooks at fan-out 10 is written with the product's own closing write, some of
// it older than the retention; closing writes then run at --rate (a webhook's last write, which its HTTP answer
// waits for) for --baseline-seconds with no pass, the baseline, then while the pass runs and for as long again after
// it, in the same process: the vacuum the deletions make due may come in either, at the database thread's next
// housekeeping round (every 5 s). Reported: the pass's time and statements, the housekeeping (vacuums, checkpoints) in
// each phase, and the closing writes' latency in each phase, during and after as ratios of the baseline's.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import type { HousekeepingPass } from '@app/database';
import type { ExecutionConfig } from '../../services/execution/src/execution.settings';
import { TradeLogRetention } from '../../services/execution/src/logs/trade-log-retention';
import { readCommandLine, withCommandLine } from './command-line';
import { FAN_OUT, journalWriter, withJournalDatabase } from './journal-fixture';
import { machineInfo } from './machine';
import type { MachineInfo } from './machine';
import { machineLine, runBench, writeResults } from './side-bench';
import { summarize } from './stats';
import type { LatencySummary } from './stats';

const DAY_MS = 24 * 60 * 60 * 1000;
const RETENTION_DAYS = 30;

interface Options {
  entries: number;
  /** Closing writes per second while measuring (one webhook each). */
  rate: number;
  baselineMs: number;
  outDir: string;
}

type Phase = 'baseline' | 'during' | 'after';

interface Case {
  name: string;
  /** Webhooks older than the retention, out of `entries`: the oldest ones, as in a journal that grew day by day. */
  old: number;
}

interface CaseResult extends Case {
  entries: number;
  dataDirMiB: number;
  pass: { ms: number; removed: number; statements: LatencySummary };
  /** The database thread's housekeeping rounds that vacuumed or checkpointed, by phase. */
  housekeeping: Record<Phase, HousekeepingPass[]>;
  closingWrites: Record<Phase, LatencySummary> & { ratios: Record<'during' | 'after', { p50: number; p99: number }> };
}

const USAGE = `usage: npm run bench:retention -- [options]

  --entries=100000          webhooks in each case's journal
  --rate=200                closing writes a second while measuring
  --baseline-seconds=10     the phase with no pass, and each phase's length
  --out=DIR                 where the results go (default: bench/results/retention)
  --help`;

function parse(argv: string[]): Options | null {
  const line = readCommandLine(argv, { flags: [], values: ['entries', 'rate', 'baseline-seconds', 'out'] });
  return (
    line && {
      entries: line.count('entries', 100_000),
      rate: line.count('rate', 200),
      baselineMs: line.amount('baseline-seconds', 10) * 1000,
      outDir: line.value('out') ?? path.resolve(__dirname, '../../../bench/results/retention'),
    }
  );
}

async function runCase(c: Case, o: Options, log: (line: string) => void): Promise<CaseResult> {
  return withJournalDatabase('retention-bench-', async (ds, db, dir) => {
    const write = journalWriter(ds);
    const [oldAt, recentAt] = [new Date(Date.now() - 400 * DAY_MS), new Date(Date.now() - DAY_MS)];
    for (let i = 0; i < o.entries; i += 20) {
      await Promise.all(Array.from({ length: 20 }, (_, k) => write(i + k < c.old ? oldAt : recentAt)));
    }
    await db.housekeeping();
    const housekeeping: Record<Phase, HousekeepingPass[]> = { baseline: [], during: [], after: [] };
    let phase: Phase = 'baseline';
    db.onHousekeeping((p) => housekeeping[phase].push(p));
    const dataDirMiB = Math.round(duBytes(dir) / 2 ** 20);
    log(`  ${c.name}: ${o.entries} webhooks journalled (${c.old} old), data directory ${dataDirMiB} MiB`);

    const paced = async (stop: () => boolean): Promise<number[]> => {
      const waits: number[] = [];
      const inFlight: Promise<void>[] = [];
      const started = performance.now();
      for (let i = 0; !stop(); i += 1) {
        const sent = performance.now();
        inFlight.push(write(new Date()).then(() => void waits.push(performance.now() - sent)));
        const due = started + ((i + 1) * 1000) / o.rate;
        await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      }
      await Promise.all(inFlight);
      return waits;
    };
    const forAsLongAsTheBaseline = (): (() => boolean) => {
      const end = performance.now() + o.baselineMs;
      return () => performance.now() >= end;
    };
    const baseline = await paced(forAsLongAsTheBaseline());

    const statements: number[] = [];
    const query = ds.query.bind(ds);
    ds.query = (async (sql: string, params?: unknown[]) => {
      const sent = performance.now();
      try {
        return await query(sql, params);
      } finally {
        if (sql.includes('DELETE FROM "execution"."webhooks"') || sql.includes('"execution"."system_rejections"')) {
          statements.push(performance.now() - sent);
        }
      }
    }) as typeof ds.query;
    const retention = new TradeLogRetention({ TRADE_LOG_RETENTION_DAYS: RETENTION_DAYS } as ExecutionConfig, ds);
    phase = 'during';
    const passStarted = performance.now();
    const writes = paced(() => phase !== 'during');
    const { entries: removed } = await retention.prune(new Date());
    const passMs = performance.now() - passStarted;
    phase = 'after';
    const during = await writes;
    const after = await paced(forAsLongAsTheBaseline());

    const closing = { baseline: summarize(baseline), during: summarize(during), after: summarize(after) };
    const ratio = (x: LatencySummary) => ({
      p50: Math.round((x.p50 / closing.baseline.p50) * 100) / 100,
      p99: Math.round((x.p99 / closing.baseline.p99) * 100) / 100,
    });
    const result: CaseResult = {
      ...c,
      entries: o.entries,
      dataDirMiB,
      pass: { ms: Math.round(passMs), removed, statements: summarize(statements) },
      housekeeping,
      closingWrites: { ...closing, ratios: { during: ratio(closing.during), after: ratio(closing.after) } },
    };
    const p = (x: LatencySummary) => `${x.p50}/${x.p99}`;
    log(
      `  ${c.name}: pass ${(passMs / 1000).toFixed(1)} s, ${removed} removed, statements p50 ${result.pass.statements.p50} ms; ` +
        `closing writes p50/p99 ${p(closing.baseline)} ms without, ${p(closing.during)} during, ${p(closing.after)} after; ` +
        `housekeeping during ${held(housekeeping.during)}, after ${held(housekeeping.after)}`,
    );
    return result;
  });
}

const duBytes = (dir: string): number => Number(execFileSync('du', ['-sb', dir]).toString().split('\t')[0]);

const ms = (n: number): string => `${Math.round(n * 10) / 10} ms`;
const held = (passes: HousekeepingPass[]): string =>
  passes.length === 0
    ? 'none'
    : passes
        .map((p) => `${ms(p.ms)} (${[...p.vacuumed, ...(p.checkpoint ? ['checkpoint'] : [])].join(', ') || 'nothing'})`)
        .join('; ');

function markdown(machine: MachineInfo, o: Options, results: CaseResult[]): string {
  const lat = (x: LatencySummary): string => `${x.p50} / ${x.p99} / ${x.max}`;
  const rows = results.map((r) => {
    const { baseline, during, after, ratios } = r.closingWrites;
    return (
      `| ${r.name} | ${r.old} of ${r.entries} (${r.dataDirMiB} MiB) | ${(r.pass.ms / 1000).toFixed(1)} s | ` +
      `${r.pass.statements.count}: ${lat(r.pass.statements)} | ${lat(baseline)} | ${lat(during)} (× ${ratios.during.p50} / × ${ratios.during.p99}) | ` +
      `${lat(after)} (× ${ratios.after.p50} / × ${ratios.after.p99}) | ${held(r.housekeeping.baseline)} | ${held(r.housekeeping.during)} | ${held(r.housekeeping.after)} |`
    );
  });
  return [
    '# Trade-log retention pass on the embedded database',
    '',
    machineLine(machine),
    '',
    `Journals of webhooks at fan-out ${FAN_OUT} written by the product's closing write, the oldest older than a ${RETENTION_DAYS}-day retention. ` +
      `Closing writes at ${o.rate}/s: for ${o.baselineMs / 1000} s with no pass (the baseline), then while \`TradeLogRetention.prune\` runs, then for ` +
      `${o.baselineMs / 1000} s after it, when the vacuum its deletions made due may come (the database thread's housekeeping runs every 5 s). ` +
      'A closing write is what a webhook’s HTTP answer and trade-log entry wait for; its orders went out before it. ' +
      'Latencies in ms as p50 / p99 / max, with the ratios of p50 and p99 to the baseline’s; housekeeping as each round that vacuumed or checkpointed, with how long it held the session.',
    '',
    '| case | old webhooks (data) | pass | DELETE statements | closing writes, no pass | during the pass | after it | housekeeping, no pass | during | after |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

async function main(o: Options): Promise<void> {
  // The pass's own line (how many entries it removed) is in the results; warnings and errors still show.
  Logger.overrideLogger(['warn', 'error']);
  const log = (line: string): void => void process.stdout.write(`${line}\n`);
  const machine = await machineInfo();
  log(
    `retention bench: ${machine.nproc} cpus (${machine.cpuModel}), ${o.entries} webhooks a journal, closing writes at ${o.rate}/s`,
  );
  const cases: Case[] = [
    // A retention set for the first time on a journal older than it: all of it goes.
    { name: 'first pass', old: o.entries },
    // An hourly pass in steady state: an hour's worth of a month goes (3 %, rounded up).
    { name: 'hourly pass', old: Math.ceil(o.entries * 0.03) },
  ];
  const results: CaseResult[] = [];
  for (const c of cases) {
    results.push(await runCase(c, o, log));
  }
  const md = await writeResults(o.outDir, { machine, options: o, results }, markdown(machine, o, results));
  log(`results: ${path.relative(process.cwd(), md)}`);
}

withCommandLine(
  () => parse(process.argv.slice(2)),
  USAGE,
  (o) => runBench(() => main(o)),
);
