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
  /** Due time → HTTP answer. */
  response: LatencySummary;
  ordersReceived: number;
}

export function correlate(sent: readonly SentWebhook[], orders: readonly ReceivedOrder[], fanOut: number): StepOutcome {
  const bySeq = new Map<number, { n: number; last: number; failures: number }>();
  for (const o of orders) {
    const seq = Number(o.orderQty);
    const e = bySeq.get(seq) ?? { n: 0, last: 0, failures: 0 };
    e.n += 1;
    e.last = Math.max(e.last, o.receivedAt);
    e.failures += o.failure === undefined ? 0 : 1;
    bySeq.set(seq, e);
  }
  const latencies: number[] = [];
  const responses: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  for (const w of sent) {
    const e = bySeq.get(w.seq);
    if (w.respondedAt !== undefined && w.error === undefined) {
      responses.push(w.respondedAt - w.dueAt);
    }
    const problem =
      w.error ??
      (w.status !== 200 && w.status !== 202 ? `HTTP ${w.status}` : undefined) ??
      (!e || e.n < fanOut ? `${e?.n ?? 0}/${fanOut} orders` : undefined) ??
      (e && e.failures > 0 ? `${e.failures} rejected orders` : undefined);
    if (problem !== undefined || !e) {
      errors += 1;
      if (errorSamples.length < 5) {
        errorSamples.push(`#${w.seq}: ${problem}`);
      }
      continue;
    }
    latencies.push(e.last - w.dueAt);
  }
  return {
    sent: sent.length,
    complete: latencies.length,
    errors,
    errorSamples,
    latency: summarize(latencies),
    response: summarize(responses),
    ordersReceived: orders.length,
  };
}
