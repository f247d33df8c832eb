import { readCommandLine } from './command-line';

/** `npm run bench`'s options; USAGE below says what each one does. */
export interface BenchOptions {
  quick: boolean;
  soak: boolean;
  soakMs: number;
  /** Load at the soak's rate before its measured minutes (caches and the database's buffer pool filling up). */
  soakWarmUpMs: number;
  /** Soak rate, webhooks/s (default: half the sustained fan-out-10 rate found first). */
  soakRate: number;
  /** KAFKA_MAX_WAIT_MS of the distributed services on the webhook path (gateway, execution) and of the bare round trip. */
  kafkaMaxWaitMs: number;
  only: Set<'baseline' | 'standalone' | 'distributed'>;
  fanOuts: number[];
  stepMs: number;
  refine: number;
  /** Discarded load before each sweep, for every system alike (--warmup-seconds, --warmup-rate). */
  warmUp: { rate: number; ms: number };
  /** Alternated baseline/product step pairs at half the product's sustained rate; the median pair is the reading. */
  halfRatePairs: number;
  /** Write CPU profiles of the standalone product under load, its main thread and its database's thread (<out>/profiles). */
  profile: boolean;
  /** With --soak: a sampling heap profile of the standalone product's main thread over the measured part, allocations per webhook by site. */
  allocProfile: boolean;
  outDir: string;
  /** Checkout whose dist/ holds the product (default: this one; e.g. an integration worktree). */
  productRoot: string;
}

const SYSTEMS = ['baseline', 'standalone', 'distributed'] as const;

/** What `npm run bench -- --help` prints, and what a wrong command line is answered with. */
export const USAGE = `usage: npm run bench -- [options]

  --quick                       fan-out 10 only, shorter steps (about 4 minutes)
  --only=baseline,standalone,distributed
  --fanouts=1,10,50             accounts a webhook reaches, one sweep each
  --step-ms=4000                length of each rate step
  --kafka-max-wait-ms=10        the distributed services' fetch wait
  --warmup-seconds=10 --warmup-rate=20
                                discarded load before each sweep
  --half-rate-pairs=5           alternated relay/product steps at half the product's rate (3 with --quick)
  --profile                     CPU profiles of the standalone product into <out>/profiles
  --soak                        RSS of the standalone product at a fixed rate, instead of the sweeps
    --soak-minutes=5 --soak-warmup-minutes=2 --soak-rate=N (default: half the sustained fan-out-10 rate)
    --alloc-profile             what its main thread allocates, per webhook
  --out=DIR                     where the results go (default: bench/results)
  --product-root=DIR            a checkout whose dist/ holds the product to measure (default: this one)
  --help`;

/** The command line as options, or `null` for `--help`; a UsageError names what cannot be run. */
export function parseOptions(argv: string[], outDir: string, root: string): BenchOptions | null {
  const line = readCommandLine(argv, {
    flags: ['quick', 'soak', 'profile', 'alloc-profile'],
    values: [
      'soak-minutes',
      'soak-warmup-minutes',
      'soak-rate',
      'kafka-max-wait-ms',
      'only',
      'fanouts',
      'step-ms',
      'warmup-seconds',
      'warmup-rate',
      'half-rate-pairs',
      'out',
      'product-root',
    ],
  });
  if (line === null) {
    return null;
  }
  const quick = line.flag('quick');
  return {
    quick,
    soak: line.flag('soak'),
    soakMs: line.amount('soak-minutes', 5) * 60_000,
    soakWarmUpMs: line.amount('soak-warmup-minutes', 2) * 60_000,
    soakRate: line.count('soak-rate', 0, 0),
    kafkaMaxWaitMs: line.count('kafka-max-wait-ms', 10, 0),
    only: new Set(line.choices('only', SYSTEMS.join(','), SYSTEMS)),
    fanOuts: line.counts('fanouts', quick ? '10' : '1,10,50', 'accounts'),
    stepMs: line.count('step-ms', quick ? 2000 : 4000),
    // Four halvings after the doubling: each sustained rate within 1/16 of its octave (40/s between 640/s and
    // 1280/s). With two the relay's and the product's rates could each sit a quarter below their true ones, and the
    // throughput ratio, near one half on these VMs, was decided by where those steps fell (docs/performance.md).
    refine: quick ? 1 : 4,
    warmUp: { rate: line.count('warmup-rate', 20), ms: line.amount('warmup-seconds', 10) * 1000 },
    halfRatePairs: line.count('half-rate-pairs', quick ? 3 : 5),
    profile: line.flag('profile'),
    allocProfile: line.flag('alloc-profile'),
    outDir: line.value('out') ?? outDir,
    productRoot: line.value('product-root') ?? root,
  };
}
