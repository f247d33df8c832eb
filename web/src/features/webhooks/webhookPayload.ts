/**
 * The one place that decides what the generated TradingView webhook JSON looks like (spec §3 "Webhook
 * payload"). The gateway's webhook endpoint reads exactly these keys.
 */
export const ORDER_TYPES = ['market', 'limit', 'stop', 'oso', 'oco', 'flatten'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export const ORDER_TYPE_INFO: Record<OrderType, { title: string; description: string }> = {
  market: { title: 'Market', description: 'Execute immediately at current price' },
  limit: { title: 'Limit', description: 'Execute at a specific price or better' },
  stop: { title: 'Stop', description: 'Execute when price reaches a level' },
  oso: { title: 'OSO', description: 'One sends other, linked orders' },
  oco: { title: 'OCO', description: 'One cancels other, linked orders' },
  flatten: { title: 'Flatten', description: 'Close all positions for the symbol' },
};

/** TradingView template variables, substituted by TradingView when the alert fires. */
export const TV_PLACEHOLDERS = {
  action: '{{strategy.order.action}}',
  price: '{{close}}',
  quantity: '{{strategy.order.contracts}}',
  ticker: '{{ticker}}',
  strategyName: '{{strategy.order.id}}',
  time: '{{timenow}}',
} as const;

/** Every account the alert targets; TradingView has no placeholder naming a broker account. */
export const ALL_ACCOUNTS = 'all';

/** Bracket legs as tick offsets from the entry price; `{ price: n }` is also accepted by the server. */
export type BracketLeg = { ticks: number } | { price: number | string };

export interface WebhookPayload {
  qv_user_id: string;
  alert_id: string;
  quantlynk: string;
  order_type: OrderType;
  action: string;
  price: string;
  symbol: string;
  quantity: string;
  account_id: string;
  strategy_name: string;
  timestamp: string;
  take_profit?: BracketLeg;
  stop_loss?: BracketLeg;
}

export const DEFAULT_TAKE_PROFIT: BracketLeg = { ticks: 20 };
export const DEFAULT_STOP_LOSS: BracketLeg = { ticks: 10 };

export interface PayloadSource {
  qvUserId: string;
  alert: { id: string; name: string; symbol?: string | null };
  orderType: OrderType;
}

export function buildWebhookPayload({ qvUserId, alert, orderType }: PayloadSource): WebhookPayload {
  const payload: WebhookPayload = {
    qv_user_id: qvUserId,
    alert_id: alert.id,
    quantlynk: alert.name,
    order_type: orderType,
    action: TV_PLACEHOLDERS.action,
    price: TV_PLACEHOLDERS.price,
    symbol: alert.symbol?.trim() ? alert.symbol.trim() : TV_PLACEHOLDERS.ticker,
    quantity: TV_PLACEHOLDERS.quantity,
    account_id: ALL_ACCOUNTS,
    strategy_name: TV_PLACEHOLDERS.strategyName,
    timestamp: TV_PLACEHOLDERS.time,
  };
  if (orderType === 'oso' || orderType === 'oco') {
    payload.take_profit = DEFAULT_TAKE_PROFIT;
    payload.stop_loss = DEFAULT_STOP_LOSS;
  }
  return payload;
}

/** A sample fill of the placeholders, as TradingView would send them (its substitutions are text). */
export const SAMPLE_PRICE = '4500.25';

export function buildTestPayload(payload: WebhookPayload, now: Date = new Date()): WebhookPayload {
  return {
    ...payload,
    action: 'buy',
    price: SAMPLE_PRICE,
    quantity: '1',
    symbol: payload.symbol === TV_PLACEHOLDERS.ticker ? 'MNQ' : payload.symbol,
    strategy_name: 'test',
    timestamp: now.toISOString(),
  };
}

export function newQvUserId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  // Older browsers on plain http: a random v4-shaped id is enough, it only has to be fresh.
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = Math.floor(Math.random() * 16);
    return (c === 'x' ? r : (r % 4) + 8).toString(16);
  });
}
