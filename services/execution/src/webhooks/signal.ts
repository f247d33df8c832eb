/** A TradingView signal after parsing: typed, normalised, validated (see README "Webhook payload"). */
export type SignalOrderType = 'market' | 'limit' | 'stop' | 'oso' | 'oco' | 'flatten';

/** A bracket level: an absolute price, or a number of ticks away from `price`. */
export type BracketLevel = { price: number } | { ticks: number };

export interface Signal {
  alertId: string;
  orderType: SignalOrderType;
  action: 'Buy' | 'Sell';
  /** Positive integer (1 for flatten, which closes whatever is open). */
  quantity: number;
  price: number | null;
  symbol: string | null;
  takeProfit: BracketLevel | null;
  stopLoss: BracketLevel | null;
  strategyName: string | null;
}
