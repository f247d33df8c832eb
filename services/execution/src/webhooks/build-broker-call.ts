import { sha256Hex } from '@app/common';
import { DomainError } from '@app/contracts';
import { roundToTick } from '@app/tradovate';
import type { OrderLeg } from '@app/tradovate';
import type { BrokerCallKind } from '../entities/order-attempt';
import type { BracketLevel, Signal } from './signal';

export interface BrokerCall {
  kind: BrokerCallKind;
  clOrdId: string;
  request: Record<string, unknown>;
}

export interface CallTarget {
  requestId: string;
  /** Our account id (uuid) and Tradovate's. */
  accountId: string;
  brokerAccountId: number;
  contract: { id: number; name: string };
  tickSize: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-/i;

/**
 * Stable per request, account and leg: a resend or a resume finds the same order at the broker. `tv`, 12 hex
 * digits that order it in time, 28 of sha256(requestId|accountId|leg). The 12 come from the request id when it
 * is a UUID: the gateway's are UUIDv7, whose first 48 bits are the millisecond it arrived, so the journal's
 * unique index on clOrdId grows at its end instead of changing pages all over it (docs/performance.md). Any
 * other request id (a caller's X-Request-Id) gives the hash's next 12.
 */
export const clOrdIdOf = (requestId: string, accountId: string, leg: string): string => {
  const hash = sha256Hex(`${requestId}|${accountId}|${leg}`);
  const time = UUID.test(requestId)
    ? `${requestId.slice(0, 8)}${requestId.slice(9, 13)}`.toLowerCase()
    : hash.slice(28, 40);
  return `tv${time}${hash.slice(0, 28)}`;
};

const opposite = (a: 'Buy' | 'Sell'): 'Buy' | 'Sell' => (a === 'Buy' ? 'Sell' : 'Buy');

/**
 * The one Tradovate call a signal makes on one account. OSO: a market entry plus take-profit (Limit)
 * and/or stop-loss (Stop) on the opposite side. OCO: a Limit at take_profit and a Stop at stop_loss,
 * both on `action`'s side (it protects a position opened before). Prices are rounded to the tick.
 */
export function buildBrokerCall(signal: Signal, t: CallTarget): BrokerCall {
  const tick = (p: number): number => roundToTick(p, t.tickSize);
  const clOrdId = clOrdIdOf(t.requestId, t.accountId, 'entry');
  if (signal.orderType === 'flatten') {
    return {
      kind: 'liquidate',
      clOrdId,
      request: { accountId: t.brokerAccountId, contractId: t.contract.id, admin: false, isAutomated: true },
    };
  }
  const base = {
    accountId: t.brokerAccountId,
    symbol: t.contract.name,
    orderQty: signal.quantity,
    action: signal.action,
    isAutomated: true,
    clOrdId,
  };
  const leg = (name: string): string => clOrdIdOf(t.requestId, t.accountId, name);
  switch (signal.orderType) {
    case 'market':
      return { kind: 'order', clOrdId, request: { ...base, orderType: 'Market' } };
    case 'limit':
      return { kind: 'order', clOrdId, request: { ...base, orderType: 'Limit', price: tick(signal.price as number) } };
    case 'stop':
      return {
        kind: 'order',
        clOrdId,
        request: { ...base, orderType: 'Stop', stopPrice: tick(signal.price as number) },
      };
    case 'oso': {
      // Long entry (Buy): profit above, loss below; legs sell.
      const legs = bracketLegs(signal, signal.action, opposite(signal.action), t.tickSize, leg);
      const [bracket1, bracket2] = legs;
      return {
        kind: 'oso',
        clOrdId,
        request: { ...base, orderType: 'Market', bracket1, ...(bracket2 ? { bracket2 } : {}) },
      };
    }
    case 'oco': {
      // The position being protected is on the other side of `action` (Sell protects a long).
      const [limit, stop] = bracketLegs(signal, opposite(signal.action), signal.action, t.tickSize, leg);
      const { action, ...rest } = limit;
      return {
        kind: 'oco',
        clOrdId,
        request: { ...base, action, orderType: rest.orderType, price: rest.price, other: stop },
      };
    }
  }
}

function bracketLegs(
  signal: Signal,
  positionSide: 'Buy' | 'Sell',
  legAction: 'Buy' | 'Sell',
  tickSize: number,
  leg: (name: string) => string,
): OrderLeg[] {
  const dir = positionSide === 'Buy' ? 1 : -1;
  const at = (name: 'take_profit' | 'stop_loss', l: BracketLevel, sign: number): number => {
    if ('price' in l) {
      return roundToTick(l.price, tickSize);
    }
    const entry = signal.price as number;
    const price = roundToTick(entry + sign * dir * l.ticks * tickSize, tickSize);
    // Only known here, with the contract's tick: the signal alone cannot tell that 400 ticks below 50 is no price.
    if (price <= 0) {
      const side = sign * dir > 0 ? 'above' : 'below';
      throw new DomainError(
        'VALIDATION_FAILED',
        `${name} ${l.ticks} ticks ${side} ${entry} comes to ${price} at this contract's tick of ${tickSize}: not a price an order can have.`,
      );
    }
    return price;
  };
  const legs: OrderLeg[] = [];
  if (signal.takeProfit) {
    legs.push({
      action: legAction,
      orderType: 'Limit',
      price: at('take_profit', signal.takeProfit, 1),
      clOrdId: leg('tp'),
    });
  }
  if (signal.stopLoss) {
    legs.push({
      action: legAction,
      orderType: 'Stop',
      stopPrice: at('stop_loss', signal.stopLoss, -1),
      clOrdId: leg('sl'),
    });
  }
  return legs;
}
