import { randomUUID } from 'node:crypto';
import type { WebhookResultV1 } from '@app/contracts';
import type { WebhookEntity } from '../entities/webhook.entity';
import type { FanOutService } from './fan-out.service';
import type { JournalRepository } from './journal.repository';
import { ResumeService } from './resume.service';
import type { RouteLookup } from './route-lookup';
import type { WebhookLease } from './webhook-lease';

const alertId = randomUUID();
const unfinished = (requestId: string) =>
  ({ id: randomUUID(), requestId, userId: 'u', status: 'processing', rawBody: JSON.stringify({ alert_id: alertId, order_type: 'market', action: 'buy', quantity: 1 }) }) as WebhookEntity;

describe(ResumeService.name, () => {
  it('should finish the webhooks behind one that cannot be finished now', async () => {
    const stuck = unfinished('req-stuck');
    const waiting = [unfinished('req-2'), unfinished('req-3')];
    const finished: string[] = [];
    const journal = { unfinished: jest.fn().mockResolvedValue([stuck, ...waiting]), appendEvent: jest.fn().mockResolvedValue(undefined) };
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
    const lease = { claim: jest.fn().mockResolvedValue(true), hold: <T>(_id: string, work: () => Promise<T>) => work(), ttlMs: 10_000 };
    const sut = new ResumeService(journal as unknown as JournalRepository, routes as unknown as RouteLookup, fanOut as unknown as FanOutService, lease as unknown as WebhookLease);

    await expect(sut.resumeAll()).resolves.toBe(2);

    expect(finished).toEqual(['req-2', 'req-3']);
  });
});
