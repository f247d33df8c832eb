// Injected latency and failures, keyed by normalised endpoint ('order/placeorder') or '*' for all.
import { withoutTrailingSlashes } from '@app/common/url';

export interface FailSpec {
  /** Answer this HTTP status with an empty body, without executing. */
  status?: number;
  /** Answer HTTP 200 {failureReason, failureText} without executing. */
  failureReason?: string;
  failureText?: string;
  /** Answer HTTP 200 {errorText} without executing. */
  errorText?: string;
  /** Execute the call, then destroy the socket without answering (outcome unknown to the client). */
  dropAfterExecute?: boolean;
  /** How many calls this applies to (default 1). */
  count?: number;
}

/** 'Order/PlaceOrder', '/demo/v1/order/placeorder' → 'order/placeorder'. */
export const normalizeEndpoint = (endpoint: string): string =>
  withoutTrailingSlashes(
    endpoint
      .toLowerCase()
      .replace(/^\/+/, '')
      .replace(/^(demo|live)\/v1\//, ''),
  );

export class Faults {
  private readonly latency = new Map<string, number>();
  private readonly failures = new Map<string, FailSpec[]>();

  reset(): void {
    this.latency.clear();
    this.failures.clear();
  }

  setLatency(ms: number, endpoint = '*'): void {
    this.latency.set(normalizeEndpoint(endpoint) || '*', Math.max(0, ms));
  }

  latencyFor(endpoint: string): number {
    return this.latency.get(endpoint) ?? this.latency.get('*') ?? 0;
  }

  failNext(endpoint: string, spec: FailSpec): void {
    const key = normalizeEndpoint(endpoint) || '*';
    const queue = this.failures.get(key) ?? [];
    queue.push({ ...spec, count: spec.count ?? 1 });
    this.failures.set(key, queue);
  }

  take(endpoint: string): FailSpec | undefined {
    for (const key of [endpoint, '*']) {
      const queue = this.failures.get(key);
      const head = queue?.[0];
      if (queue && head) {
        head.count = (head.count ?? 1) - 1;
        if (head.count <= 0) {
          queue.shift();
        }
        return head;
      }
    }
    return undefined;
  }
}
