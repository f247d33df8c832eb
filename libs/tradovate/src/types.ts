// Wire types of the Tradovate REST subset the product uses (reference §3-§7). Field names are Tradovate's.

export type Environment = 'demo' | 'live';
export type OrderAction = 'Buy' | 'Sell';
export type OrderType =
  'Market' | 'Limit' | 'Stop' | 'StopLimit' | 'TrailingStop' | 'TrailingStopLimit' | 'MIT' | 'QTS';
export type TimeInForce = 'Day' | 'FOK' | 'GTC' | 'GTD' | 'IOC';
export type OrdStatus =
  | 'Canceled'
  | 'Completed'
  | 'Expired'
  | 'Filled'
  | 'PendingCancel'
  | 'PendingNew'
  | 'PendingReplace'
  | 'Rejected'
  | 'Suspended'
  | 'Unknown'
  | 'Working';

export interface AccessTokenRequest {
  name: string;
  password: string;
  appId: string;
  appVersion: string;
  deviceId: string;
  cid: number;
  sec: string;
}

/** A granted token; `expiresAt` is `expirationTime` as epoch milliseconds. */
export interface AccessToken {
  accessToken: string;
  mdAccessToken?: string;
  expirationTime: string;
  expiresAt: number;
  userId: number;
  name: string;
  userStatus?: string;
  hasLive?: boolean;
}

export interface OAuthCodeExchange {
  code: string;
  redirectUri: string;
  clientId: string;
  clientSecret: string;
}

export interface OAuthToken {
  accessToken: string;
  tokenType: string;
  expiresIn: number;
  /** Epoch milliseconds, computed from `expires_in` when the answer arrived. */
  expiresAt: number;
  refreshToken?: string;
  refreshTokenExpiresIn?: number;
}

export interface Me {
  userId: number;
  name: string;
  fullName?: string;
  email?: string;
  emailVerified?: boolean;
  isTrial?: boolean;
}

export interface Account {
  id: number;
  name: string;
  userId: number;
  accountType: string;
  active?: boolean;
  archived?: boolean;
  marginAccountType?: string;
  legalStatus?: string;
  clearingHouseId?: number;
  riskCategoryId?: number;
  autoLiqProfileId?: number;
  timestamp?: string;
  readonly?: boolean;
  restricted?: boolean;
  closed?: boolean;
}

export interface Contract {
  id: number;
  name: string;
  contractMaturityId: number;
  status?: string;
  providerTickSize?: number;
}

export interface ContractMaturity {
  id: number;
  productId: number;
  expirationMonth: number;
  expirationDate: string;
  isFront?: boolean;
}

export interface Product {
  id: number;
  name: string;
  description?: string;
  tickSize: number;
  valuePerPoint: number;
  productType?: string;
  status?: string;
  months?: string;
}

/** Fields shared by an order and its bracket/OCO legs. */
export interface OrderVersionFields {
  action: OrderAction;
  orderType: OrderType;
  price?: number;
  stopPrice?: number;
  maxShow?: number;
  pegDifference?: number;
  timeInForce?: TimeInForce;
  expireTime?: string;
  text?: string;
  clOrdId?: string;
}

export interface PlaceOrderRequest extends OrderVersionFields {
  accountId: number;
  accountSpec?: string;
  symbol: string;
  orderQty: number;
  customTag50?: string;
  /** Always sent as true unless set (exchange rule for bot orders). */
  isAutomated?: boolean;
}

/** Bracket and OCO legs inherit account, symbol and quantity from the parent. */
export type OrderLeg = OrderVersionFields;

export interface PlaceOsoRequest extends PlaceOrderRequest {
  bracket1: OrderLeg;
  bracket2?: OrderLeg;
}

export interface PlaceOcoRequest extends PlaceOrderRequest {
  other: OrderLeg;
}

export interface LiquidatePositionRequest {
  accountId: number;
  contractId: number;
  admin?: boolean;
  customTag50?: string;
  isAutomated?: boolean;
}

export interface CancelOrderRequest {
  orderId: number;
  clOrdId?: string;
  isAutomated?: boolean;
}

export interface PlaceOrderResult {
  ok: true;
  orderId: number;
  oso1Id?: number;
  oso2Id?: number;
  ocoId?: number;
}

export interface CancelOrderResult {
  ok: true;
  commandId: number;
}

export interface Order {
  id: number;
  accountId: number;
  contractId: number;
  timestamp: string;
  action: OrderAction;
  ordStatus: OrdStatus;
  ocoId?: number;
  parentId?: number;
  linkedId?: number;
  admin?: boolean;
  /** Not in Tradovate's documented schema; the simulator returns it for reconciliation. */
  clOrdId?: string;
}

export interface OrderVersion {
  id: number;
  orderId: number;
  orderQty: number;
  orderType: OrderType;
  price?: number;
  stopPrice?: number;
  timeInForce?: TimeInForce;
  text?: string;
}

export interface Position {
  id: number;
  accountId: number;
  contractId: number;
  timestamp: string;
  netPos: number;
  netPrice?: number;
  bought: number;
  boughtValue: number;
  sold: number;
  soldValue: number;
  prevPos?: number;
  prevPrice?: number;
}

export interface Fill {
  id: number;
  orderId: number;
  contractId: number;
  timestamp: string;
  action: OrderAction;
  qty: number;
  price: number;
  active?: boolean;
}
