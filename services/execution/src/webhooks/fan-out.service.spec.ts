import { randomUUID } from 'node:crypto';
import type { AlertRouteChangedV1 } from '@app/contracts';
import { BrokerError } from '@app/tradovate';
import { ConnectionSessions } from '../broker/broker-access.service';
import type { BrokerAccess } from '../broker/broker-access.service';
import { ContractCache } from '../broker/contract-cache';
import type { OrderAttempt } from '../entities/order-attempt';
import type { WebhookEntity } from '../entities/webhook.entity';
import type { ReadModelRepository } from '../read-model/read-model.repository';
import { clOrdIdOf } from './build-broker-call';
import { FanOutService } from './fan-out.service';
import type { FanOutJournal } from './fan-out-journal';
import { parseSignal } from './parse-signal';

const attempt = (over: Partial<OrderAttempt> = {}): OrderAttempt => ({
  accountId: randomUUID(),
  accountName: 'DEMO1',
  connectionId: 'c',
  clOrdId: `tv${randomUUID()}`,
  kind: 'order',
  request: { accountId: 1, symbol: 'MNQZ5', orderQty: 1, action: 'Buy', orderType: 'Market' },
  status: 'pending',
  orderId: null,
  error: null,
  durationMs: null,
  ...over,
});

/**
 * Two accounts on connection `c`, and with `thirdOnAnotherConnection` a third on connection `d`: DEMO3, or the account
 * named by it (`{ name, brokerAccountId }`: the same broker account as one of `c`'s, linked a second time).
 */
function setup(
  brokerOrders: { id: number; accountId: number; clOrdId: string }[],
  thirdOnAnotherConnection: boolean | { name: string; brokerAccountId: number; environment?: string } = false,
) {
  const order: string[] = [];
  const placeOrder = jest.fn(() => {
    order.push('placeOrder');
    return Promise.resolve({ ok: true, orderId: 999 });
  });
  const listOrders = jest.fn().mockResolvedValue(brokerOrders);
  const batch = {
    finish: jest.fn((_id: string, _attempts: OrderAttempt[]) => Promise.resolve(void order.push('finish'))),
  };
  // Connections' answer: the read model's token, or a new one when renewal is forced.
  const openSession = jest.fn((_conn: unknown, forceRenew: boolean) =>
    Promise.resolve({ env: 'demo' as const, token: forceRenew ? 'renewed' : 't' }),
  );
  // Tradovate's contract reads, behind the real contract cache: MNQZ5 is contract 7, MNQ1! rolls to MNQZ6.
  const contractReads = {
    getContract: jest.fn((_env: string, _token: string, id: number) =>
      Promise.resolve(id === 7 ? { id: 7, name: 'MNQZ5', providerTickSize: 0.25 } : null),
    ),
    findContract: jest.fn((_env: string, _token: string, name: string) =>
      Promise.resolve({ id: 9, name, providerTickSize: 0.25 }),
    ),
    suggestContracts: jest.fn(() =>
      Promise.resolve([{ id: 8, name: 'MNQZ6', contractMaturityId: 1, providerTickSize: 0.25 }]),
    ),
    getContractMaturity: jest.fn(() => Promise.resolve({ id: 1, expirationDate: '2099-12-18T00:00:00Z' })),
    tickSize: jest.fn((_env: string, _token: string, c: { providerTickSize: number }) =>
      Promise.resolve(c.providerTickSize),
    ),
  };
  const broker = {
    client: { placeOrder, listOrders, ...contractReads },
    sessionsFor: () => new ConnectionSessions(openSession),
  };
  const accounts = [
    { id: randomUUID(), name: 'DEMO1', brokerAccountId: 1, environment: 'demo' },
    { id: randomUUID(), name: 'DEMO2', brokerAccountId: 2, environment: 'demo' },
  ];
  const third = thirdOnAnotherConnection === true ? { name: 'DEMO3', brokerAccountId: 3 } : thirdOnAnotherConnection;
  const other = third ? [{ id: randomUUID(), environment: 'demo', ...third }] : [];
  const conns = new Map([
    ['c', { connectionId: 'c', environment: 'demo', accounts }],
    ['d', { connectionId: 'd', environment: 'demo', accounts: other }],
  ]);
  const readModel = { connectionsOf: jest.fn().mockResolvedValue(conns) };
  const sut = new FanOutService(
    readModel as unknown as ReadModelRepository,
    broker as unknown as BrokerAccess,
    new ContractCache(broker as unknown as BrokerAccess),
    batch as unknown as FanOutJournal,
  );
  const targets = [
    ...accounts.map((a) => ({ accountId: a.id, connectionId: 'c' })),
    ...other.map((a) => ({ accountId: a.id, connectionId: 'd' })),
  ];
  const route = { alertId: randomUUID(), symbolId: 7, targets } as unknown as AlertRouteChangedV1;
  return { sut, placeOrder, listOrders, batch, route, order, openSession, contractReads };
}

const webhook = { id: 'w', userId: 'u', requestId: 'req-1', attempts: [] as OrderAttempt[] } as WebhookEntity;
const signal = parseSignal(
  JSON.stringify({ alert_id: randomUUID(), order_type: 'market', action: 'buy', quantity: 1 }),
);
const ctx = { correlationId: 'req-1', userId: 'u' };

describe(FanOutService.name, () => {
  describe('execute (resuming)', () => {
    it('should look every account up by clOrdId when nothing was journalled, and place only what the broker lacks', async () => {
      // The instance died after sending some orders and before journalling them: they are found by clOrdId.
      const { sut, placeOrder, listOrders, route, batch } = setup([]);
      const reached = clOrdIdOf(webhook.requestId, route.targets[0].accountId, 'entry');
      listOrders.mockResolvedValue([{ id: 42, accountId: 1, clOrdId: reached }]);

      const result = await sut.execute(webhook, signal, route, ctx, true);

      expect(listOrders).toHaveBeenCalledTimes(2);
      expect(placeOrder).toHaveBeenCalledTimes(1);
      expect(placeOrder).toHaveBeenCalledWith(
        'demo',
        't',
        expect.objectContaining({
          accountId: 2,
          clOrdId: clOrdIdOf(webhook.requestId, route.targets[1].accountId, 'entry'),
        }),
      );
      expect(result.results.map((r) => [r.account_name, r.data?.orderId])).toEqual([
        ['DEMO1', 42],
        ['DEMO2', 999],
      ]);
      expect(batch.finish.mock.calls[0][1].map((a) => [a.clOrdId, a.status, a.orderId])).toEqual([
        [reached, 'placed', 42],
        [expect.any(String), 'placed', 999],
      ]);
    });

    it('should settle attempts journalled pending (by an earlier version): adopt what the broker has, place the missing one', async () => {
      const reached = attempt();
      const missing = attempt({ accountName: 'DEMO2' });
      const done = attempt({ status: 'placed', orderId: 5, accountName: 'DEMO3' });
      const { sut, placeOrder, route, batch } = setup([{ id: 42, accountId: 1, clOrdId: reached.clOrdId }]);
      const journalled = { ...webhook, attempts: [reached, missing, done] };

      const result = await sut.execute(journalled, signal, route, ctx, true);

      expect(placeOrder).toHaveBeenCalledTimes(1);
      expect(placeOrder).toHaveBeenCalledWith('demo', 't', missing.request);
      expect(result.results.map((r) => [r.account_name, r.data?.orderId])).toEqual([
        ['DEMO1', 42],
        ['DEMO2', 999],
        ['DEMO3', 5],
      ]);
      expect(result).toMatchObject({ successful: 3, failed: 0, total: 3 });
      // Settled in place: the journalled attempts with their outcomes, not a new plan.
      expect(batch.finish.mock.calls[0][1].map((a) => [a.clOrdId, a.status, a.orderId])).toEqual([
        [reached.clOrdId, 'placed', 42],
        [missing.clOrdId, 'placed', 999],
        [done.clOrdId, 'placed', 5],
      ]);
    });

    it('should not reconcile when not resuming (nothing can have been sent yet)', async () => {
      const { sut, listOrders, placeOrder, route } = setup([]);

      await sut.execute(webhook, signal, route, ctx, false);

      expect(listOrders).not.toHaveBeenCalled();
      expect(placeOrder).toHaveBeenCalledTimes(2);
    });
  });

  describe('execute (fresh webhook)', () => {
    it('should send every order under its reproducible clOrdId and journal nothing before the answers', async () => {
      const { sut, placeOrder, route, order } = setup([]);

      await sut.execute(webhook, signal, route, ctx, false);

      // A resume finds these orders again by the same clOrdIds (request id, account, leg), so none is written first.
      expect(order).toEqual(['placeOrder', 'placeOrder', 'finish']);
      expect(placeOrder.mock.calls.map((c: unknown[]) => (c[2] as { clOrdId: string }).clOrdId)).toEqual(
        route.targets.map((t) => clOrdIdOf(webhook.requestId, t.accountId, 'entry')),
      );
    });

    it('should journal every attempt with its outcome, and the final state, in one write', async () => {
      const { sut, batch, route, placeOrder } = setup([]);
      placeOrder.mockRejectedValueOnce(
        new BrokerError('BROKER_REJECTED', 'Tradovate rejected order/placeorder: NoQuote', {
          endpoint: 'order/placeorder',
        }),
      );

      const result = await sut.execute(webhook, signal, route, ctx, false);

      expect(batch.finish).toHaveBeenCalledTimes(1);
      const [id, attempts, end] = batch.finish.mock.calls[0] as unknown as [
        string,
        OrderAttempt[],
        { status: string; response: unknown },
      ];
      expect(id).toBe('w');
      expect(
        attempts.map((a) => [a.accountName, a.clOrdId, a.status, a.orderId, a.error?.includes('NoQuote') ?? null]),
      ).toEqual([
        ['DEMO1', clOrdIdOf(webhook.requestId, route.targets[0].accountId, 'entry'), 'failed', null, true],
        ['DEMO2', clOrdIdOf(webhook.requestId, route.targets[1].accountId, 'entry'), 'placed', 999, null],
      ]);
      expect(end).toMatchObject({ status: 'partial', response: result });
      expect(result).toMatchObject({ successful: 1, failed: 1, total: 2 });
    });
  });

  describe('execute (one order per broker account)', () => {
    it('should place once on a broker account the alert reaches through two connections, and say so', async () => {
      // The same Tradovate login linked twice (by OAuth and by its API key): DEMO1 has a row on each connection.
      const { sut, placeOrder, batch, route } = setup([], { name: 'DEMO1', brokerAccountId: 1 });

      const result = await sut.execute(webhook, signal, route, ctx, false);

      expect(placeOrder.mock.calls.map((c: unknown[]) => (c[2] as { accountId: number }).accountId)).toEqual([1, 2]);
      const [, attempts, end] = batch.finish.mock.calls[0] as unknown as [
        string,
        OrderAttempt[],
        { events: { type: string; accountName?: string; message: string }[] },
      ];
      expect(attempts.map((a) => a.accountId)).toEqual([route.targets[0].accountId, route.targets[1].accountId]);
      expect(end.events[0]).toEqual({
        at: expect.any(String),
        type: 'routed',
        accountName: 'DEMO1',
        message: 'DEMO1 left out: the same broker account gets this order through another connection',
      });
      expect(result).toMatchObject({ successful: 2, failed: 0, total: 2 });
    });

    it('should place on each of two broker accounts that share a number in different environments', async () => {
      // Demo and live are separate Tradovate systems, each numbering its own accounts.
      const { sut, placeOrder, route } = setup([], { name: 'LIVE1', brokerAccountId: 1, environment: 'live' });

      const result = await sut.execute(webhook, signal, route, ctx, false);

      expect(placeOrder).toHaveBeenCalledTimes(3);
      expect(result).toMatchObject({ successful: 3, total: 3 });
    });
  });

  describe('execute (broker sessions)', () => {
    it("should open the connection's token and look the contract up at Tradovate once for all its accounts", async () => {
      const { sut, route, openSession, contractReads, placeOrder } = setup([]);

      await sut.execute(webhook, signal, route, ctx, false);

      expect(openSession.mock.calls.map((c) => c[1])).toEqual([false]);
      expect(contractReads.getContract).toHaveBeenCalledTimes(1);
      expect(placeOrder).toHaveBeenCalledTimes(2);
    });

    it('should renew a refused token once for every account refused with it, and place each order with the new one', async () => {
      const { sut, route, openSession, placeOrder } = setup([]);
      placeOrder.mockImplementation(((_env: string, token: string) =>
        token === 'renewed'
          ? Promise.resolve({ ok: true, orderId: 999 })
          : Promise.reject(
              new BrokerError('BROKER_AUTH_FAILED', 'expired', { endpoint: 'order/placeorder' }),
            )) as never);

      const result = await sut.execute(webhook, signal, route, ctx, false);

      expect(openSession.mock.calls.map((c) => c[1])).toEqual([false, true]);
      expect(placeOrder.mock.calls.map((c: unknown[]) => c[1])).toEqual(['t', 't', 'renewed', 'renewed']);
      expect(result).toMatchObject({ successful: 2, failed: 0 });
    });

    it("should open each connection's token once and share one contract lookup among them", async () => {
      const { sut, route, contractReads, openSession, placeOrder } = setup([], true);

      await sut.execute(webhook, signal, route, ctx, false);

      expect(openSession.mock.calls.map((c) => (c[0] as { connectionId: string }).connectionId)).toEqual(['c', 'd']);
      expect(contractReads.getContract).toHaveBeenCalledTimes(1);
      expect(placeOrder).toHaveBeenCalledTimes(3);
    });

    it('should fail only the accounts of a connection whose token cannot be had, and trade the others', async () => {
      const { sut, route, openSession } = setup([], true);
      openSession.mockImplementation(((conn: { connectionId: string }) =>
        conn.connectionId === 'c'
          ? Promise.reject(new Error('No usable broker session for this connection: revoked'))
          : Promise.resolve({ env: 'demo' as const, token: 't' })) as never);

      const result = await sut.execute(webhook, signal, route, ctx, false);

      expect(result.results.map((r) => [r.account_name, r.success, r.error])).toEqual([
        ['DEMO1', false, 'No usable broker session for this connection: revoked'],
        ['DEMO2', false, 'No usable broker session for this connection: revoked'],
        ['DEMO3', true, null],
      ]);
    });

    it('should fail every account trading a contract Tradovate does not know, each with the reason', async () => {
      const { sut, route, contractReads } = setup([], true);
      contractReads.getContract.mockResolvedValueOnce(null);

      const result = await sut.execute(webhook, signal, route, ctx, false);

      expect(result.results.map((r) => [r.account_name, r.success, r.error])).toEqual([
        ['DEMO1', false, 'Contract 7 is not known to Tradovate'],
        ['DEMO2', false, 'Contract 7 is not known to Tradovate'],
        ['DEMO3', false, 'Contract 7 is not known to Tradovate'],
      ]);
    });

    it('should fail an account its connection does not list yet, journalled with the clOrdId its order would have had', async () => {
      const { sut, route, batch, placeOrder } = setup([]);
      const unknown = randomUUID();
      const withUnknown = { ...route, targets: [...route.targets, { accountId: unknown, connectionId: 'c' }] };

      const result = await sut.execute(webhook, signal, withUnknown, ctx, false);

      expect(placeOrder).toHaveBeenCalledTimes(2);
      expect(result).toMatchObject({ successful: 2, failed: 1, total: 3 });
      const attempts = batch.finish.mock.calls[0][1];
      expect(attempts[2]).toEqual({
        accountId: unknown,
        connectionId: 'c',
        accountName: unknown,
        clOrdId: clOrdIdOf(webhook.requestId, unknown, 'entry'),
        kind: 'order',
        request: {},
        status: 'failed',
        orderId: null,
        error: 'The account is not known to execution yet (its connection has not been synchronised)',
        durationMs: null,
      });
    });
  });

  describe('execute (which contract)', () => {
    const unmapped = (route: AlertRouteChangedV1) =>
      ({ ...route, symbolId: null, symbol: 'MNQ1!' }) as AlertRouteChangedV1;
    const withSymbol = (symbol: string | undefined) =>
      parseSignal(
        JSON.stringify({
          alert_id: randomUUID(),
          order_type: 'market',
          action: 'buy',
          quantity: 1,
          ...(symbol ? { symbol } : {}),
        }),
      );
    const symbolsPlaced = (placeOrder: jest.Mock) =>
      placeOrder.mock.calls.map((c: unknown[]) => (c[2] as { symbol: string }).symbol);

    it("should trade the alert's mapped contract whatever symbol the message names", async () => {
      const { sut, route, placeOrder } = setup([]);

      await sut.execute(webhook, withSymbol('ESZ5'), route, ctx, false);

      expect(symbolsPlaced(placeOrder)).toEqual(['MNQZ5', 'MNQZ5']);
    });

    it("should trade the message's symbol when the alert has no mapped contract", async () => {
      const { sut, route, placeOrder } = setup([]);

      await sut.execute(webhook, withSymbol('ESZ5'), unmapped(route), ctx, false);

      expect(symbolsPlaced(placeOrder)).toEqual(['ESZ5', 'ESZ5']);
    });

    it("should fall back to the alert's own symbol when neither a mapped contract nor the message names one", async () => {
      const { sut, route, placeOrder } = setup([]);

      const result = await sut.execute(webhook, withSymbol(undefined), unmapped(route), ctx, false);

      // MNQ1!, the alert's continuous symbol, rolled to its front month.
      expect(symbolsPlaced(placeOrder)).toEqual(['MNQZ6', 'MNQZ6']);
      expect(result).toMatchObject({ successful: 2, failed: 0 });
    });
  });

  describe('execute (unknown outcome)', () => {
    it('should find the order by clOrdId after a timeout instead of sending it again', async () => {
      const { sut, placeOrder, route, listOrders } = setup([]);
      const first = clOrdIdOf(webhook.requestId, route.targets[0].accountId, 'entry');
      listOrders.mockResolvedValue([{ id: 77, accountId: 1, clOrdId: first }]);
      placeOrder.mockRejectedValueOnce(
        new BrokerError('BROKER_TIMEOUT', 'timeout', { endpoint: 'order/placeorder', outcomeUnknown: true }),
      );

      const result = await sut.execute(webhook, signal, route, ctx, false);

      expect(placeOrder).toHaveBeenCalledTimes(2);
      expect(result.results[0]).toMatchObject({ success: true, data: { orderId: 77 } });
    });

    it('should report the account failure when the broker rejects', async () => {
      const { sut, placeOrder, route } = setup([]);
      placeOrder.mockRejectedValueOnce(
        new BrokerError('BROKER_REJECTED', 'Tradovate rejected order/placeorder: NoQuote', {
          endpoint: 'order/placeorder',
        }),
      );

      const result = await sut.execute(webhook, signal, route, ctx, false);

      expect(result).toMatchObject({ successful: 1, failed: 1 });
      expect(result.results[0].error).toContain('NoQuote');
    });
  });
});
