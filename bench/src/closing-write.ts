// `npm run bench:closing-write`: what the fan-out's closing write costs the embedded database's thread per webhook,
// with the journal's schema as it is (the baseline) and with each candidate change to it, in one process.
// The closing write is the one statement standalone mode runs per webhook (docs/performance.md): the webhook's row
// with its attempts, inserted with the product's own FanOutJournal on a fresh embedded database. Each variant gets a
// database of its own, warmed with --warmup webhooks; then --webhooks are written in batches of each --batches size
// (the fan-outs one statement carries: one or two at the product's half-rate steps, more near its ceiling), and the
// CPU of the `pglite` thread and of the main thread per webhook is read from /proc. The variants run in a new order
// each round (--rounds), and each is reported as the median of its rounds and as a ratio to the baseline's median:
// on these shared VMs one run of the same variant moves by ±10 %, so a change under that is not a finding.
import path from 'node:path';
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { readCommandLine, withCommandLine } from './command-line';
import { FAN_OUT, journalWriter, withJournalDatabase } from './journal-fixture';
import { machineInfo } from './machine';
import type { MachineInfo } from './machine';
import { machineLine, runBench, writeResults } from './side-bench';
import { percentile } from './stats';
import { sampleThreads } from './thread-cpu';

interface Options {
  webhooks: number;
  warmup: number;
  batches: number[];
  rounds: number;
  outDir: string;
}

/** A schema as the migrations leave it, changed by `alter`. */
interface Variant {
  name: string;
  alter: string[];
}

const W = '"execution"."webhooks"';

export const VARIANTS: readonly Variant[] = [
  { name: 'as it is', alter: [] },
  {
    name: "the webhook row's text and jsonb stored uncompressed",
    alter: ['request', 'raw_body', 'response', 'events', 'attempts'].map(
      (c) => `ALTER TABLE ${W} ALTER COLUMN "${c}" SET STORAGE EXTERNAL`,
    ),
  },
  {
    name: "without the webhooks' user and request-id indexes",
    alter: [`DROP INDEX "execution"."ix_webhooks_user_created"`, `DROP INDEX "execution"."ix_webhooks_request_id"`],
  },
  {
    // Standalone inserts each executed webhook whole and never updates it; the room is for distributed mode's outcome.
    name: "the webhooks' pages filled whole (no room kept for an update)",
    alter: [`ALTER TABLE ${W} RESET (fillfactor)`],
  },
];

/** CPU milliseconds per webhook, by thread, at one batch size. */
interface Cost {
  pglite: number;
  main: number;
}

interface VariantResult {
  name: string;
  alter: string[];
  /** By batch size: every round's cost, the median, and the medians' ratios to the baseline's. */
  byBatch: Record<number, { rounds: Cost[]; median: Cost; ratio: Cost }>;
}

const USAGE = `usage: npm run bench:closing-write -- [options]

  --webhooks=3000           measured closing writes a batch size, a variant and a round
  --warmup=2000             closing writes discarded before them
  --batches=1,5,20          fan-outs written together in one statement
  --rounds=3                rounds over every variant, each in another order
  --out=DIR                 where the results go (default: bench/results/closing-write)
  --help`;

function parse(argv: string[]): Options | null {
  const line = readCommandLine(argv, { flags: [], values: ['webhooks', 'warmup', 'batches', 'rounds', 'out'] });
  return (
    line && {
      webhooks: line.count('webhooks', 3000),
      warmup: line.count('warmup', 2000, 0),
      batches: line.counts('batches', '1,5,20'),
      rounds: line.count('rounds', 3),
      outDir: line.value('out') ?? path.resolve(__dirname, '../../../bench/results/closing-write'),
    }
  );
}

/** One variant on a fresh embedded database: its cost per webhook at each batch size. */
async function measure(v: Variant, o: Options): Promise<Record<number, Cost>> {
  return withJournalDatabase('closing-write-bench-', async (ds, db) => {
    for (const statement of v.alter) {
      await ds.query(statement);
    }
    // Each batch is exactly the fan-outs that end together, one statement for all of them.
    const write = journalWriter(ds);
    const writeAll = async (count: number, batch: number): Promise<void> => {
      for (let i = 0; i < count; i += batch) {
        await Promise.all(Array.from({ length: batch }, () => write()));
      }
    };
    await writeAll(o.warmup, 5);
    const costs: Record<number, Cost> = {};
    for (const batch of o.batches) {
      // Vacuumed and checkpointed first, so that no batch size pays for the housekeeping of the one before.
      await db.housekeeping();
      const before = sampleThreads(process.pid).cpuMs;
      await writeAll(o.webhooks, batch);
      const after = sampleThreads(process.pid).cpuMs;
      const per = (role: string): number => ((after[role] ?? 0) - (before[role] ?? 0)) / o.webhooks;
      costs[batch] = { pglite: per('pglite'), main: per('main') };
    }
    return costs;
  });
}

/** Round r runs the variants rotated by r, so that none always runs first (on the coolest VM) or last. */
export const roundOrder = <T>(items: readonly T[], round: number): T[] =>
  items.map((_, i) => items[(i + round) % items.length]);

const median = (xs: number[]): number =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );
const round3 = (n: number): number => Math.round(n * 1000) / 1000;

export function summarise(
  variants: readonly Variant[],
  rounds: Map<string, Record<number, Cost>[]>,
  batches: number[],
) {
  const medianOf = (name: string, batch: number): Cost => {
    const costs = (rounds.get(name) ?? []).map((r) => r[batch]);
    return { pglite: round3(median(costs.map((c) => c.pglite))), main: round3(median(costs.map((c) => c.main))) };
  };
  const base = variants[0].name;
  return variants.map((v): VariantResult => {
    const byBatch: VariantResult['byBatch'] = {};
    for (const batch of batches) {
      const m = medianOf(v.name, batch);
      const b = medianOf(base, batch);
      byBatch[batch] = {
        rounds: (rounds.get(v.name) ?? []).map((r) => ({
          pglite: round3(r[batch].pglite),
          main: round3(r[batch].main),
        })),
        median: m,
        ratio: {
          pglite: Math.round((m.pglite / b.pglite) * 100) / 100,
          main: Math.round((m.main / b.main) * 100) / 100,
        },
      };
    }
    return { name: v.name, alter: v.alter, byBatch };
  });
}

function markdown(machine: MachineInfo, o: Options, results: VariantResult[]): string {
  const header = o.batches.map((b) => `batch of ${b}`);
  const rows = results.map((r) => {
    const cells = o.batches.map((b) => {
      const x = r.byBatch[b];
      const spread = x.rounds.map((c) => c.pglite.toFixed(2)).join(', ');
      return `${x.median.pglite.toFixed(3)} ms (× ${x.ratio.pglite.toFixed(2)}; rounds ${spread}); main ${x.median.main.toFixed(3)} ms`;
    });
    return `| ${r.name} | ${cells.join(' | ')} |`;
  });
  return [
    "# The closing write's cost on the embedded database's thread, by schema variant",
    '',
    machineLine(machine),
    '',
    `The product's \`FanOutJournal.finish\` at fan-out ${FAN_OUT} on a fresh embedded database per variant (${o.warmup} webhooks of warm-up), ` +
      `${o.webhooks} webhooks at each batch size (the fan-outs one statement carries), ${o.rounds} rounds in a rotated order. ` +
      'Each cell: the `pglite` thread’s CPU per webhook, the median of the rounds, its ratio to the schema as it is, and every round; then the main thread’s. ' +
      'A round moves by about ±10 % on these VMs: a ratio within that is not a finding.',
    '',
    `| schema | ${header.join(' | ')} |`,
    `| --- | ${header.map(() => '---').join(' | ')} |`,
    ...rows,
    '',
  ].join('\n');
}

async function main(o: Options): Promise<void> {
  Logger.overrideLogger(['warn', 'error']);
  const log = (line: string): void => void process.stdout.write(`${line}\n`);
  const machine = await machineInfo();
  log(
    `closing-write bench: ${machine.nproc} cpus (${machine.cpuModel}), ${o.webhooks} webhooks a batch size (${o.batches.join(', ')}), ${o.rounds} rounds`,
  );
  const rounds = new Map<string, Record<number, Cost>[]>();
  for (let r = 0; r < o.rounds; r += 1) {
    for (const v of roundOrder(VARIANTS, r)) {
      const costs = await measure(v, o);
      rounds.set(v.name, [...(rounds.get(v.name) ?? []), costs]);
      log(
        `  round ${r + 1}, ${v.name}: ${o.batches.map((b) => `batch ${b} ${costs[b].pglite.toFixed(3)} ms`).join(', ')}`,
      );
    }
  }
  const results = summarise(VARIANTS, rounds, o.batches);
  const md = await writeResults(o.outDir, { machine, options: o, results }, markdown(machine, o, results));
  log(`results: ${path.relative(process.cwd(), md)}`);
}

if (require.main === module) {
  withCommandLine(
    () => parse(process.argv.slice(2)),
    USAGE,
    (o) => runBench(() => main(o)),
  );
}
