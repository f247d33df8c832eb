import { ORDER_TYPES } from '../webhooks/signal';
import type { Signal } from '../webhooks/signal';

const ORDER_TYPE_NAMES: ReadonlySet<string> = new Set(ORDER_TYPES);

/** What a webhook's body said it wanted: both parts for a parsed signal, either or neither for a refused body. */
export interface NamedAction {
  orderType: Signal['orderType'] | null;
  action: Signal['action'] | null;
}

/**
 * A webhook's action as the journal keeps it: "<order type> <side>" ("market Buy", "oso Sell"), or the one part a
 * refused body named validly ("stop", "Sell"); null when it named neither.
 */
export const journalledAction = ({ orderType, action }: NamedAction): string | null =>
  orderType !== null && action !== null ? `${orderType} ${action}` : (orderType ?? action);

/** The trade log's side (the spec's Buy or Sell) and order type, read back from the journalled action. */
export function sideOf(stored: string | null): { action: 'Buy' | 'Sell' | null; orderType: string | null } {
  const none = { action: null, orderType: null };
  const words = stored?.split(' ') ?? [];
  const side = (w: string | undefined): 'Buy' | 'Sell' | null => (w === 'Buy' || w === 'Sell' ? w : null);
  const type = (w: string | undefined) => (w !== undefined && ORDER_TYPE_NAMES.has(w) ? w : null);
  if (words.length === 2) {
    const [orderType, action] = [type(words[0]), side(words[1])];
    return orderType && action ? { action, orderType } : none;
  }
  return words.length === 1 ? { action: side(words[0]), orderType: type(words[0]) } : none;
}
