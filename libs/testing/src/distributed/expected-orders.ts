import { createHash } from 'node:crypto';
import type { ReceivedOrder } from '@app/simulator';

/** execution's clOrdId of one (request, account, leg): `tv` + 40 hex of sha256 (see services/execution/README.md). */
export const clOrdIdOf = (requestId: string, accountId: string, leg = 'entry'): string =>
  `tv${createHash('sha256').update(`${requestId}|${accountId}|${leg}`).digest('hex').slice(0, 40)}`;

/**
 * How many times the simulator received each expected order, plus the orders nobody expected:
 * `{ counts: {clOrdId: n}, unexpected }`. "Exactly once" is every count 1 and no unexpected order.
 */
export function tallyOrders(orders: ReceivedOrder[], requestIds: string[], accountIds: string[]): { counts: Record<string, number>; unexpected: number; unanswered: number } {
  const counts: Record<string, number> = {};
  for (const r of requestIds) {
    for (const a of accountIds) {
      counts[clOrdIdOf(r, a)] = 0;
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
