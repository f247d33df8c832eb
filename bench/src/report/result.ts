// The shape of bench/results/*.json (the markdown and the SVG are drawn from it).
import type { AllocationSummary } from '../alloc-summary';
import type { LatencySummary } from '../stats';
import type { MachineInfo } from '../machine';
import type { ProductBuild } from '../product-build';
import type { OwnPauses } from '../own-pauses';
import type { ProfileSummary } from '../profile-summary';
import type { StepStalls } from '../stalls';
import type { StepResult, SweepResult } from '../sweep';

export interface KafkaRoundTrip {
  broker: 'mock' | 'container';
  maxWaitMs: number;
  /** A bare kafkajs request → reply over two topics, the same shape as gateway → execution → gateway. */
  roundTrip: LatencySummary;
}

export interface HalfRatePair {
  baseline: StepResult;
  product: StepResult;
}

/**
 * Baseline and product at the same rate, in alternated pairs of steps (half-rate.ts). `baseline` and `product`
 * are the pair whose p99 difference is the median of all pairs; `pairs` holds them all (absent in results from
 * before 2026-11-26, which had one pair).
 */
export interface HalfRateComparison extends HalfRatePair {
  fanOut: number;
  rate: number;
  target: 'standalone' | 'distributed';
  pairs?: HalfRatePair[];
}

export interface SoakResult {
  target: string;
  fanOut: number;
  rate: number;
  /** The measured part, after `warmUpS` seconds at the same rate. */
  durationMs: number;
  warmUpS: number;
  /** RSS of the product's processes, MiB, and the size of its data directory when it has one, every few seconds from the warm-up's start. */
  rssMiB: Array<{ atS: number; rssMiB: number; diskMiB?: number }>;
  latency: LatencySummary;
  errors: number;
  /** CPU steal over the whole soak, % (cpu-steal.ts). */
  stealPct: number;
  /**
   * CPU per webhook over the measured part, ms: the product's by thread (thread-cpu.ts: `main`, `pglite`, `helpers`),
   * and the bench's own process (load driver and simulator), which runs on the same cores. Absent in older results.
   */
  cpuMsPerWebhook?: { threads: Record<string, number>; bench: number };
  /** Wake-ups per webhook over the measured part, by the same threads (voluntary context switches; thread-cpu.ts). */
  wakesPerWebhook?: Record<string, number>;
  /** What held the product up over the measured part: its collections by thread, the embedded database's checkpoints and vacuums (stalls.ts). */
  stalls?: StepStalls;
  /** What held the bench's own process (driver and simulator) up over the measured part (own-pauses.ts). Absent in older results. */
  benchPauses?: OwnPauses;
  /** `--alloc-profile`: what the product's main thread allocated over the measured part, per webhook (alloc-summary.ts). */
  allocations?: AllocationSummary;
}

export interface TargetCheck {
  name: string;
  goal: string;
  measured: string;
  /** null: not measured, or not judged (then `unjudged` says why). */
  met: boolean | null;
  unjudged?: string;
}

export interface BenchResult {
  machine: MachineInfo;
  /** The product's build that was measured (absent in results from before 2026-12-02). */
  product?: ProductBuild | null;
  mode: 'quick' | 'default' | 'soak';
  durationS: number;
  method: string[];
  sweeps: SweepResult[];
  halfRate: HalfRateComparison[];
  kafka: KafkaRoundTrip | null;
  soak: SoakResult | null;
  /** The relay's fan-out-10 sweep again, after the standalone product's (absent in results from before 2026-12-02). */
  relayAfter?: SweepResult | null;
  checks: TargetCheck[];
  notes: string[];
  /** `--profile`: each thread's profile summarised (absent without it, and in results from before 2026-11-27). */
  profiles?: ProfileSummary[];
}

/** The soak a run's chart shows: its soak when it ran no sweep (`--soak` alone), else none (the chart is the sweeps' latency curve). */
export const chartedSoak = (r: BenchResult): SoakResult | null => (r.sweeps.length === 0 ? r.soak : null);
