export interface TradeLogItem {
  id: string;
  timestamp: string;
  requestId: string;
  alertName: string;
  symbol: string;
  action: string;
  status: string;
}

export interface TradeLogPage {
  items: TradeLogItem[];
  total: number;
  total_pages: number;
}

export interface ExecutionEvent {
  at: string;
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
