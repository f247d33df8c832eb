import type { ReceivedOrder } from '@app/simulator';
import { clOrdIdOf } from '../../../../services/execution/src/webhooks/build-broker-call';

/** execution's own clOrdId of one (request, account, leg), the one it sends (see services/execution/README.md). */
export { clOrdIdOf };

/**
 * How many times the simulator received each expected order, plus the orders nobody expected:
 * `{ counts: {clOrdId: n}, unexpected }`. "Exactly once" is every count 1 and no unexpected order.
 */
export function tallyOrders(
  orders: ReceivedOrder[],
  requestIds: string[],
  accountIds: string[],
): { counts: Record<string, number>; unexpected: number; unanswered: number } {
  const counts: Record<string, number> = {};
  for (const r of requestIds) {
    for (const a of accountIds) {
      counts[clOrdIdOf(r, a, 'entry')] = 0;
    }
  }
  let unexpected = 0;
  let unanswered = 0;
  for (const o of orders) {
    const id = String(o.clOrdId);
    if (counts[id] === undefined) {
      unexpected += 1;
      continue;
    }
    counts[id] += 1;
    if (o.orderId === undefined) {
      unanswered += 1;
    }
  }
  return { counts, unexpected, unanswered };
}
