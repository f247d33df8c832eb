/** A TradingView signal after parsing: typed, normalised, validated (see README "Webhook payload"). */
export type SignalOrderType = 'market' | 'limit' | 'stop' | 'oso' | 'oco' | 'flatten';

export const ORDER_TYPES: readonly SignalOrderType[] = ['market', 'limit', 'stop', 'oso', 'oco', 'flatten'];

/** Tradovate's orderQty is a 32-bit signed integer: a larger quantity cannot even be sent. */
export const MAX_QUANTITY = 2_147_483_647;
/** No futures price comes near it (Bitcoin futures, the highest, trade around 100 000): more is a typo. */
export const MAX_PRICE = 10_000_000;
/** More ticks than any contract's whole price (NQ at 21 000 is 84 000 ticks of 0.25): more is a typo. */
export const MAX_TICKS = 1_000_000;
/** The limit of every symbol the product takes (libs/contracts); TradingView's longest futures form, `CME_MINI_DL:MNQZ2025`, is 20. */
export { SYMBOL_MAX_LENGTH as MAX_SYMBOL_LENGTH } from '@app/contracts';

/** A bracket level: an absolute price, or a number of ticks away from `price`. */
export type BracketLevel = { price: number } | { ticks: number };

export type Side = 'Buy' | 'Sell';

interface SignalFields {
  alertId: string;
  /** Whole number from 1 to MAX_QUANTITY (1 for flatten, which closes whatever is open). */
  quantity: number;
  /** Up to MAX_PRICE, as are bracket prices; bracket ticks up to MAX_TICKS. */
  price: number | null;
  /** At most MAX_SYMBOL_LENGTH characters. */
  symbol: string | null;
  takeProfit: BracketLevel | null;
  stopLoss: BracketLevel | null;
  strategyName: string | null;
}

/**
 * Every order type names its side, except flatten: it closes whatever is open, so its side is what the message said,
 * or null when it said none (and the trade log shows none rather than one the broker never saw).
 */
export type Signal = SignalFields & SignalKind;

/** A signal's order type with its side (see Signal). */
export type SignalKind =
  { orderType: Exclude<SignalOrderType, 'flatten'>; action: Side } | { orderType: 'flatten'; action: Side | null };
