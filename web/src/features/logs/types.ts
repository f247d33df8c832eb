export interface TradeLogItem {
  id: string;
  timestamp: string;
  requestId: string;
  /** Null when the webhook was rejected before its alert or action could be read. */
  alertName: string | null;
  symbol: string | null;
  /** The signal's side. */
  action: 'Buy' | 'Sell' | null;
  /** market, limit, stop, oso, oco or flatten. */
  orderType: string | null;
  /** received, processing, completed, partial, failed, rejected or duplicate (execution's WebhookStatus). */
  status: string;
}

export interface TradeLogPage {
  items: TradeLogItem[];
  total: number;
  total_pages: number;
}

export interface ExecutionEvent {
  at: string;
  /** received, routed, broker_call, completed or rejected (execution contracts LogEventV1). */
  type: string;
  message: string;
  accountName?: string;
  durationMs?: number;
  outcome?: string;
}

export interface TradeLogDetail extends TradeLogItem {
  request: unknown;
  response: unknown;
  events: ExecutionEvent[];
}

export interface TradeLogQuery {
  page: number;
  pageSize: number;
  q: string;
}

export const PAGE_SIZES = [10, 25, 50] as const;
export const SEARCH_DEBOUNCE_MS = 500;
