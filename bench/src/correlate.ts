// Links the simulator's received orders back to webhooks (by orderQty = the webhook's sequence number,
// see payload.ts) and turns them into webhook-to-last-order latencies.
import type { ReceivedOrder } from '@app/simulator';
import type { SentWebhook } from './load-driver';
import { summarize } from './stats';
import type { LatencySummary } from './stats';

export interface StepOutcome {
  sent: number;
  /** Webhooks whose every account got an accepted order and whose HTTP answer was 200 (or 202: accepted, still placing). */
  complete: number;
  errors: number;
  errorSamples: string[];
  /** Due time → last order received at the simulator, complete webhooks only. */
  latency: LatencySummary;
  /**
   * Due time → first order received, complete webhooks only: when it is close to `latency`, a late webhook waited before
   * any of its orders went out (admission, queueing for the thread), not in its fan-out. Absent in older results.
   */
  firstOrder?: LatencySummary;
  /** Due time → HTTP answer. */
  response: LatencySummary;
  /**
   * Due time → the driver handing the webhook to its connections, every webhook: the bench's own lateness (its event loop
   * held by its collections, or waiting for a core), which counts in every latency above. Absent in older results.
   */
  driverLag?: LatencySummary;
  ordersReceived: number;
}

/**
 * Correlates one run of the load driver at a time with the orders the simulator received during it, keeping only
 * numbers: a long step is run in parts (runStep's `partMs`), each part's orders dropped once counted, so that the
 * bench's own heap (whose collections pause the driver and the simulator, and so count as latency) stays small.
 */
export class Correlator {
  private readonly latencies: number[] = [];
  private readonly firstOrders: number[] = [];
  private readonly responses: number[] = [];
  private readonly driverLags: number[] = [];
  private readonly errorSamples: string[] = [];
  private errors = 0;
  private sent = 0;
  private ordersReceived = 0;

  constructor(private readonly fanOut: number) {}

  /** One run's webhooks (numbered from 1) and the orders received while it ran. */
  add(sent: readonly SentWebhook[], orders: readonly ReceivedOrder[]): void {
    const bySeq = new Map<number, { n: number; first: number; last: number; failures: number }>();
    for (const o of orders) {
      const seq = Number(o.orderQty);
      const e = bySeq.get(seq) ?? { n: 0, first: Infinity, last: 0, failures: 0 };
      e.n += 1;
      e.first = Math.min(e.first, o.receivedAt);
      e.last = Math.max(e.last, o.receivedAt);
      e.failures += o.failure === undefined ? 0 : 1;
      bySeq.set(seq, e);
    }
    for (const w of sent) {
      const e = bySeq.get(w.seq);
      this.driverLags.push(w.sentAt - w.dueAt);
      if (w.respondedAt !== undefined && w.error === undefined) {
        this.responses.push(w.respondedAt - w.dueAt);
      }
      const problem =
        w.error ??
        (w.status !== 200 && w.status !== 202 ? `HTTP ${w.status}` : undefined) ??
        (!e || e.n < this.fanOut ? `${e?.n ?? 0}/${this.fanOut} orders` : undefined) ??
        (e && e.failures > 0 ? `${e.failures} rejected orders` : undefined);
      if (problem !== undefined || !e) {
        this.errors += 1;
        if (this.errorSamples.length < 5) {
          this.errorSamples.push(`#${w.seq}: ${problem}`);
        }
        continue;
      }
      this.latencies.push(e.last - w.dueAt);
      this.firstOrders.push(e.first - w.dueAt);
    }
    this.sent += sent.length;
    this.ordersReceived += orders.length;
  }

  outcome(): StepOutcome {
    return {
      sent: this.sent,
      complete: this.latencies.length,
      errors: this.errors,
      errorSamples: [...this.errorSamples],
      latency: summarize(this.latencies),
      firstOrder: summarize(this.firstOrders),
      response: summarize(this.responses),
      driverLag: summarize(this.driverLags),
      ordersReceived: this.ordersReceived,
    };
  }
}
