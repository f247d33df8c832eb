import { randomUUID } from 'node:crypto';
import type { AlertRouteChangedV1 } from '@app/contracts';
import { BrokerError } from '@app/tradovate';
import type { BrokerAccess } from '../broker/broker-access.service';
import type { ContractCache } from '../broker/contract-cache';
import type { OrderAttemptEntity } from '../entities/order-attempt.entity';
import type { WebhookEntity } from '../entities/webhook.entity';
import type { ReadModelRepository } from '../read-model/read-model.repository';
import { FanOutService } from './fan-out.service';
import type { JournalRepository } from './journal.repository';
import { parseSignal } from './parse-signal';

const attempt = (over: Partial<OrderAttemptEntity> = {}): OrderAttemptEntity => ({
    id: randomUUID(), webhookId: 'w', userId: 'u', accountId: randomUUID(), accountName: 'DEMO1', connectionId: 'c',
    clOrdId: `tv${randomUUID()}`, kind: 'order', request: { accountId: 1, symbol: 'MNQZ5', orderQty: 1, action: 'Buy', orderType: 'Market' },
    status: 'pending', orderId: null, error: null, durationMs: null, createdAt: new Date(), updatedAt: new Date(), ...over,
  });

function setup(attempts: OrderAttemptEntity[], brokerOrders: { id: number; accountId: number; clOrdId: string }[]) {
  const placeOrder = jest.fn().mockResolvedValue({ ok: true, orderId: 999 });
  const listOrders = jest.fn().mockResolvedValue(brokerOrders);
  const journal = {
    attemptsOf: jest.fn().mockResolvedValue(attempts),
    addAttempts: jest.fn(),
    setWebhook: jest.fn().mockResolvedValue(undefined),
    settleAttempt: jest.fn().mockResolvedValue(undefined),
    appendEvent: jest.fn().mockResolvedValue(undefined),
  };
  const broker = {
    client: { placeOrder, listOrders },
    withSession: jest.fn((_c: unknown, _x: unknown, fn: (s: { env: 'demo'; token: string }) => Promise<unknown>) => fn({ env: 'demo', token: 't' })),
  };
  const readModel = { connection: jest.fn().mockResolvedValue({ connectionId: 'c', environment: 'demo' }) };
  const sut = new FanOutService(journal as unknown as JournalRepository, readModel as unknown as ReadModelRepository, broker as unknown as BrokerAccess, {} as ContractCache);
  return { sut, placeOrder, listOrders, journal };
}

const webhook = { id: 'w', userId: 'u', requestId: 'req-1' } as WebhookEntity;
const route = { alertId: randomUUID(), targets: [] } as unknown as AlertRouteChangedV1;
const signal = parseSignal(JSON.stringify({ alert_id: randomUUID(), order_type: 'market', action: 'buy', quantity: 1 }));
const ctx = { correlationId: 'req-1', userId: 'u' };

describe(FanOutService.name, () => {
  describe('execute (resuming)', () => {
    it('should adopt an order the broker already has for a pending attempt and place only the missing one', async () => {
      const reached = attempt();
      const missing = attempt({ accountName: 'DEMO2' });
      const done = attempt({ status: 'placed', orderId: 5, accountName: 'DEMO3' });
      const { sut, placeOrder } = setup([reached, missing, done], [{ id: 42, accountId: 1, clOrdId: reached.clOrdId }]);

      const result = await sut.execute(webhook, signal, route, ctx, true);

      expect(placeOrder).toHaveBeenCalledTimes(1);
      expect(placeOrder).toHaveBeenCalledWith('demo', 't', missing.request);
      expect(result.results.map((r) => [r.account_name, r.data?.orderId])).toEqual([['DEMO1', 42], ['DEMO2', 999], ['DEMO3', 5]]);
      expect(result).toMatchObject({ successful: 3, failed: 0, total: 3 });
    });

    it('should not reconcile when not resuming (the attempts were just created)', async () => {
      const { sut, listOrders, placeOrder } = setup([attempt()], []);

      await sut.execute(webhook, signal, route, ctx, false);

      expect(listOrders).not.toHaveBeenCalled();
      expect(placeOrder).toHaveBeenCalledTimes(1);
    });
  });

  describe('execute (unknown outcome)', () => {
    it('should find the order by clOrdId after a timeout instead of sending it again', async () => {
      const a = attempt();
      const { sut, placeOrder } = setup([a], [{ id: 77, accountId: 1, clOrdId: a.clOrdId }]);
      placeOrder.mockRejectedValueOnce(new BrokerError('BROKER_TIMEOUT', 'timeout', { endpoint: 'order/placeorder', outcomeUnknown: true }));

      const result = await sut.execute(webhook, signal, route, ctx, false);

      expect(placeOrder).toHaveBeenCalledTimes(1);
      expect(result.results[0]).toMatchObject({ success: true, data: { orderId: 77 } });
    });

    it('should report the account failure when the broker rejects', async () => {
      const { sut, placeOrder } = setup([attempt()], []);
      placeOrder.mockRejectedValueOnce(new BrokerError('BROKER_REJECTED', 'Tradovate rejected order/placeorder: NoQuote', { endpoint: 'order/placeorder' }));

      const result = await sut.execute(webhook, signal, route, ctx, false);

      expect(result).toMatchObject({ successful: 0, failed: 1 });
      expect(result.results[0].error).toContain('NoQuote');
    });
  });
});
