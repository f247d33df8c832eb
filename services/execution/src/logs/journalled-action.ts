import type { Signal } from '../webhooks/signal';

/** A webhook's action as the journal keeps it: "<order type> <side>" ("market Buy", "oso Sell"). */
export const journalledAction = (signal: Pick<Signal, 'orderType' | 'action'>): string =>
  `${signal.orderType} ${signal.action}`;

const JOURNALLED = /^(\w+) (Buy|Sell)$/;

/** The trade log's side (the spec's Buy or Sell) and order type, read back from the journalled action. */
export function sideOf(action: string | null): { action: 'Buy' | 'Sell' | null; orderType: string | null } {
  const m = action === null ? null : JOURNALLED.exec(action);
  return m ? { action: m[2] as 'Buy' | 'Sell', orderType: m[1] } : { action: null, orderType: null };
}
