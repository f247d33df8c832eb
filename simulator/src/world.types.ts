// Entities of a trading world, shaped like Tradovate's Order/OrderVersion/Fill/Position.
export type OrdStatus = 'Working' | 'Suspended' | 'Filled' | 'Canceled' | 'Rejected' | 'Completed';
export type Action = 'Buy' | 'Sell';

export interface OrderSpec {
  action: Action;
  orderType: string;
  orderQty: number;
  price?: number;
  stopPrice?: number;
  maxShow?: number;
  pegDifference?: number;
  timeInForce?: string;
  expireTime?: string;
  text?: string;
  clOrdId?: string;
}

export interface OrderRecord {
  id: number;
  accountId: number;
  contractId: number;
  timestamp: string;
  action: Action;
  ordStatus: OrdStatus;
  ocoId?: number;
  parentId?: number;
  admin: boolean;
  clOrdId?: string;
  spec: OrderSpec;
}

export interface FillRecord {
  id: number;
  orderId: number;
  contractId: number;
  timestamp: string;
  tradeDate: { year: number; month: number; day: number };
  action: Action;
  qty: number;
  price: number;
  active: boolean;
  finallyPaired: number;
}

export interface PositionRecord {
  id: number;
  accountId: number;
  contractId: number;
  timestamp: string;
  tradeDate: { year: number; month: number; day: number };
  netPos: number;
  netPrice?: number;
  bought: number;
  boughtValue: number;
  sold: number;
  soldValue: number;
  prevPos: number;
  prevPrice?: number;
}
