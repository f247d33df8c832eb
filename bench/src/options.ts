// Command line of `npm run bench -- [--quick] [--soak [--soak-minutes=5] [--soak-warmup-minutes=2] [--soak-rate=N] [--alloc-profile]] [--profile] [--only=baseline,standalone,distributed]
// [--fanouts=1,10,50] [--kafka-max-wait-ms=10] [--warmup-seconds=10] [--warmup-rate=20] [--half-rate-pairs=5]`.
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

export function parseOptions(argv: string[], outDir: string, root: string): BenchOptions {
  const flag = (name: string): boolean => argv.includes(`--${name}`);
  const value = (name: string): string | undefined =>
    argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const quick = flag('quick');
  const only = (value('only') ?? 'baseline,standalone,distributed').split(',') as Array<
    'baseline' | 'standalone' | 'distributed'
  >;
  return {
    quick,
    soak: flag('soak'),
    soakMs: Number(value('soak-minutes') ?? 5) * 60_000,
    soakWarmUpMs: Number(value('soak-warmup-minutes') ?? 2) * 60_000,
    soakRate: Number(value('soak-rate') ?? 0),
    kafkaMaxWaitMs: Number(value('kafka-max-wait-ms') ?? 10),
    only: new Set(only),
    fanOuts: (value('fanouts') ?? (quick ? '10' : '1,10,50')).split(',').map(Number),
    stepMs: Number(value('step-ms') ?? (quick ? 2000 : 4000)),
    // Four halvings after the doubling: each sustained rate within 1/16 of its octave (40/s between 640/s and
    // 1280/s). With two the relay's and the product's rates could each sit a quarter below their true ones, and the
    // throughput ratio, near one half on these VMs, was decided by where those steps fell (docs/performance.md).
    refine: quick ? 1 : 4,
    warmUp: { rate: Number(value('warmup-rate') ?? 20), ms: Number(value('warmup-seconds') ?? 10) * 1000 },
    // At least one pair, whatever was typed.
    halfRatePairs: Math.max(1, Math.trunc(Number(value('half-rate-pairs') ?? (quick ? 3 : 5))) || 1),
    profile: flag('profile'),
    allocProfile: flag('alloc-profile'),
    outDir: value('out') ?? outDir,
    productRoot: value('product-root') ?? root,
  };
}
