import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { buildBrokerCall, clOrdIdOf } from './build-broker-call';
import type { Signal } from './signal';

describe('clOrdIdOf', () => {
  const account = randomUUID();

  it('should give one request, account and leg the same id every time, and any other a different one', () => {
    const request = uuidv7();

    const id = clOrdIdOf(request, account, 'entry');

    expect(clOrdIdOf(request, account, 'entry')).toBe(id);
    expect(
      new Set([
        id,
        clOrdIdOf(request, account, 'tp'),
        clOrdIdOf(request, randomUUID(), 'entry'),
        clOrdIdOf(uuidv7(), account, 'entry'),
      ]).size,
    ).toBe(4);
    expect(id).toMatch(/^tv[0-9a-f]{40}$/); // Tradovate takes up to 64 characters
  });

  it("should begin with the millisecond of the gateway's request id, so that later requests' ids sort after earlier ones", async () => {
    const earlier = uuidv7();
    await new Promise((resolve) => setTimeout(resolve, 2));
    const later = uuidv7();

    const last = clOrdIdOf(later, randomUUID(), 'entry');
    const ids = [last, clOrdIdOf(earlier, randomUUID(), 'sl'), clOrdIdOf(earlier, randomUUID(), 'entry')];

    expect(ids.sort().at(-1)).toBe(last);
    expect(last.slice(2, 14)).toBe(later.replace('-', '').slice(0, 12));
  });

  it("should still be stable and well formed for a caller's own X-Request-Id", () => {
    const id = clOrdIdOf('tradingview.alert-42', account, 'entry');

    expect(id).toBe(clOrdIdOf('tradingview.alert-42', account, 'entry'));
    expect(id).toMatch(/^tv[0-9a-f]{40}$/);
  });
});

describe('buildBrokerCall', () => {
  const target = {
    requestId: uuidv7(),
    accountId: randomUUID(),
    brokerAccountId: 7,
    contract: { id: 42, name: 'MNQZ5' },
    tickSize: 0.25,
  };
  const signal = (over: Partial<Exclude<Signal, { orderType: 'flatten' }>>): Signal => ({
    alertId: randomUUID(),
    orderType: 'oso',
    action: 'Buy',
    quantity: 1,
    price: 100,
    symbol: null,
    takeProfit: null,
    stopLoss: null,
    strategyName: null,
    ...over,
  });

  it("should put a long entry's take profit above and its stop loss below the price, counted in ticks", () => {
    const sut = buildBrokerCall(signal({ takeProfit: { ticks: 8 }, stopLoss: { ticks: 4 } }), target);

    expect(sut.request).toMatchObject({
      bracket1: { action: 'Sell', orderType: 'Limit', price: 102 },
      bracket2: { action: 'Sell', orderType: 'Stop', stopPrice: 99 },
    });
  });

  it('should refuse a bracket whose ticks take it to zero or below, naming the level', () => {
    const short = () =>
      buildBrokerCall(signal({ action: 'Sell', price: 5, takeProfit: { ticks: 20 }, stopLoss: { ticks: 4 } }), target);
    const long = () =>
      buildBrokerCall(signal({ price: 5, takeProfit: { ticks: 4 }, stopLoss: { ticks: 400 } }), target);

    expect(short).toThrow(
      "take_profit 20 ticks below 5 comes to 0 at this contract's tick of 0.25: not a price an order can have.",
    );
    expect(long).toThrow(
      "stop_loss 400 ticks below 5 comes to -95 at this contract's tick of 0.25: not a price an order can have.",
    );
  });

  it('should still take a bracket given as a price as sent', () => {
    const sut = buildBrokerCall(
      signal({ orderType: 'oco', action: 'Sell', price: 5, takeProfit: { price: 7 }, stopLoss: { price: 3 } }),
      target,
    );

    expect(sut.request).toMatchObject({ orderType: 'Limit', price: 7, other: { orderType: 'Stop', stopPrice: 3 } });
  });
});
