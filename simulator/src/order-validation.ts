// Order request checks in the order Tradovate applies them (reference §10.7): shape and exact-case
// enums → "Invalid or missed parameters"; then business checks → HTTP 200 {failureReason, failureText}.
import type { ContractEntity } from './contract-library';
import type { Reply } from './http';
import { json } from './http';
import type { Ctx } from './route';
import type { AccountRecord } from './types';
import type { Action, OrderSpec } from './world';

export const ACTIONS: readonly string[] = ['Buy', 'Sell'];
export const ORDER_TYPES: readonly string[] = [
  'Market',
  'Limit',
  'Stop',
  'StopLimit',
  'TrailingStop',
  'TrailingStopLimit',
  'MIT',
  'QTS',
];
const TIME_IN_FORCE: readonly string[] = ['Day', 'FOK', 'GTC', 'GTD', 'IOC'];
const NEEDS_PRICE = new Set(['Limit', 'StopLimit', 'MIT']);
const NEEDS_STOP = new Set(['Stop', 'StopLimit']);

export const failure = (failureReason: string, failureText: string): Reply => json({ failureReason, failureText });
export const ACCESS_DENIED = failure('UnknownReason', 'Access is denied');

type Raw = Record<string, unknown>;
const optional = (v: unknown, type: 'number' | 'string'): boolean => v === undefined || v === null || typeof v === type;

/** Shape of the order fields a leg (RestrainedOrderVersion) and an order share. */
function wellFormedVersion(b: Raw): boolean {
  return (
    ACTIONS.includes(b.action as string) &&
    ORDER_TYPES.includes(b.orderType as string) &&
    optional(b.price, 'number') &&
    optional(b.stopPrice, 'number') &&
    optional(b.pegDifference, 'number') &&
    optional(b.maxShow, 'number') &&
    optional(b.text, 'string') &&
    optional(b.clOrdId, 'string') &&
    (b.timeInForce === undefined || TIME_IN_FORCE.includes(b.timeInForce as string))
  );
}

export const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

export function wellFormedOrder(b: Raw): boolean {
  return (
    typeof b.accountId === 'number' &&
    typeof b.symbol === 'string' &&
    typeof b.orderQty === 'number' &&
    wellFormedVersion(b)
  );
}

export const wellFormedLeg = (leg: unknown): leg is Raw => isObject(leg) && wellFormedVersion(leg);

const onTick = (price: number, tick: number): boolean => Math.abs(price / tick - Math.round(price / tick)) < 1e-7;

/** Price rules for one order or leg; undefined when fine. */
export function priceProblem(b: Raw, tick: number): Reply | undefined {
  const type = b.orderType as string;
  if (NEEDS_PRICE.has(type) && typeof b.price !== 'number') {
    return failure('InvalidPrice', `${type} order requires price`);
  }
  if (NEEDS_STOP.has(type) && typeof b.stopPrice !== 'number') {
    return failure('InvalidPrice', `${type} order requires stopPrice`);
  }
  if (type.startsWith('TrailingStop') && typeof b.stopPrice !== 'number' && typeof b.pegDifference !== 'number') {
    return failure('InvalidPrice', `${type} order requires stopPrice or pegDifference`);
  }
  for (const key of ['price', 'stopPrice'] as const) {
    const value = b[key];
    if (typeof value === 'number' && type !== 'Market' && (value <= 0 || !onTick(value, tick))) {
      return failure('InvalidPrice', `Invalid price increment: ${key} ${value} is not a multiple of ${tick}`);
    }
  }
  return undefined;
}

export function toSpec(b: Raw, orderQty: number): OrderSpec {
  const pick = <T>(k: string): T | undefined => (b[k] === undefined || b[k] === null ? undefined : (b[k] as T));
  const spec: OrderSpec = { action: b.action as Action, orderType: b.orderType as string, orderQty };
  const rest = {
    price: pick<number>('price'),
    stopPrice: pick<number>('stopPrice'),
    maxShow: pick<number>('maxShow'),
    pegDifference: pick<number>('pegDifference'),
    timeInForce: pick<string>('timeInForce'),
    expireTime: pick<string>('expireTime'),
    text: pick<string>('text'),
    clOrdId: pick<string>('clOrdId'),
  };
  Object.entries(rest).forEach(([k, v]) => v !== undefined && Object.assign(spec, { [k]: v }));
  return spec;
}

export interface ValidOrder {
  account: AccountRecord;
  contract: ContractEntity;
  tick: number;
}

/** Business checks common to placeorder/placeoso/placeoco, after the shape check. */
export function checkOrder(ctx: Ctx, b: Raw): ValidOrder | Reply {
  if (b.isAutomated !== true) {
    return failure('UnknownReason', 'Automated orders must be sent with isAutomated: true');
  }
  const account = ctx.state.accountOf(ctx.world, ctx.user.userId, b.accountId);
  if (!account) {
    return ACCESS_DENIED;
  }
  const contract = ctx.state.library.find(b.symbol as string);
  if (!contract) {
    return failure('InvalidContract', `Unknown contract symbol ${String(b.symbol)}`);
  }
  const qty = b.orderQty as number;
  if (!Number.isInteger(qty) || qty <= 0) {
    return failure('UnknownReason', `Invalid order quantity ${qty}`);
  }
  const tick = contract.providerTickSize;
  return priceProblem(b, tick) ?? { account, contract, tick };
}
