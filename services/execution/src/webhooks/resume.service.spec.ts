import { randomUUID } from 'node:crypto';
import { DomainError } from '@app/contracts';
import type { WebhookResultV1 } from '@app/contracts';
import type { WebhookEntity } from '../entities/webhook.entity';
import type { FanOutService } from './fan-out.service';
import type { JournalRepository } from './journal.repository';
import { ResumeService } from './resume.service';
import type { RouteLookup } from './route-lookup';
import type { WebhookLease } from './webhook-lease';

const alertId = randomUUID();
const unfinished = (requestId: string) =>
  ({
    id: randomUUID(),
    requestId,
    userId: 'u',
    status: 'processing',
    rawBody: JSON.stringify({ alert_id: alertId, order_type: 'market', action: 'buy', quantity: 1 }),
  }) as WebhookEntity;

/** The sweep over these doubles, as the only instance: every lease it asks for is granted. */
const resumeWith = (journal: object, routes: object, fanOut: object) =>
  new ResumeService(
    journal as JournalRepository,
    routes as RouteLookup,
    fanOut as FanOutService,
    {
      claim: jest.fn().mockResolvedValue(true),
      hold: <T>(_id: string, work: () => Promise<T>) => work(),
      ttlMs: 10_000,
    } as unknown as WebhookLease,
    null,
  );

describe(ResumeService.name, () => {
  it('should finish the webhooks behind one that cannot be finished now', async () => {
    const stuck = unfinished('req-stuck');
    const waiting = [unfinished('req-2'), unfinished('req-3')];
    const finished: string[] = [];
    const journal = {
      unfinished: jest.fn().mockResolvedValue([stuck, ...waiting]),
      appendEvent: jest.fn().mockResolvedValue(undefined),
    };
    const routes = { routeOf: jest.fn().mockResolvedValue({ alertId, userId: 'u', targets: [] }) };
    const fanOut = {
      execute: jest.fn((w: WebhookEntity) => {
        if (w === stuck) {
          return Promise.reject(Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' }));
        }
        finished.push(w.requestId);
        return Promise.resolve({ request_id: w.requestId } as WebhookResultV1);
      }),
    };
    const sut = resumeWith(journal, routes, fanOut);

    await expect(sut.resumeAll()).resolves.toBe(2);

    expect(finished).toEqual(['req-2', 'req-3']);
  });

  it('should leave a webhook unfinished, not failed, when its route cannot be looked up now', async () => {
    const webhook = unfinished('req-later');
    const journal = {
      unfinished: jest.fn().mockResolvedValue([webhook]),
      appendEvent: jest.fn().mockResolvedValue(undefined),
      setWebhook: jest.fn().mockResolvedValue(undefined),
    };
    const routes = {
      routeOf: jest.fn().mockRejectedValue(new DomainError('SERVICE_UNAVAILABLE', 'trading is not answering')),
    };
    const fanOut = { execute: jest.fn() };
    const sut = resumeWith(journal, routes, fanOut);

    await expect(sut.resumeAll()).resolves.toBe(0);

    expect(journal.setWebhook).not.toHaveBeenCalled();
    expect(fanOut.execute).not.toHaveBeenCalled();
  });
});
