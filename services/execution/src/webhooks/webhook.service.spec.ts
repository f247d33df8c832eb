import { randomUUID } from 'node:crypto';
import type { Topic } from '@app/contracts';
import { DomainError } from '@app/contracts';
import type { Msg } from '@app/messaging';
import type { ExecutionConfig } from '../execution.settings';
import type { FanOutService } from './fan-out.service';
import type { IntakeLookup } from './intake-lookup';
import type { JournalRepository } from './journal.repository';
import type { ResumeService } from './resume.service';
import type { RouteLookup } from './route-lookup';
import type { WebhookLease } from './webhook-lease';
import { WebhookService } from './webhook.service';

const USER = randomUUID();
const config = { WEBHOOK_RATE_LIMIT_PER_MIN: 60, WEBHOOK_DEDUP_WINDOW_MS: 10_000 } as ExecutionConfig;

const webhookOf = (alertId: string): Msg<Topic.WebhookReceived> =>
  ({
    messageId: randomUUID(),
    payload: {
      secret: 'secret', requestId: randomUUID(), receivedAt: new Date().toISOString(), contentType: 'application/json',
      body: JSON.stringify({ alert_id: alertId, order_type: 'market', action: 'buy', quantity: '1' }),
    },
  }) as Msg<Topic.WebhookReceived>;

describe(WebhookService.name, () => {
  describe('receive', () => {
    it('should answer 503 and journal the webhook, placing nothing, when its alert cannot be looked up now', async () => {
      const intake = { of: jest.fn().mockResolvedValue({ userId: USER, inactive: false, journalled: false, route: null }) };
      const journal = { createWebhook: jest.fn().mockResolvedValue({ id: 'w-1' }), setWebhook: jest.fn().mockResolvedValue(undefined) };
      const routes = { askTrading: jest.fn().mockRejectedValue(new DomainError('SERVICE_UNAVAILABLE', 'Alert x could not be looked up just now')) };
      const fanOut = { execute: jest.fn() };
      const sut = new WebhookService(config, intake as unknown as IntakeLookup, journal as unknown as JournalRepository, routes as unknown as RouteLookup,
        fanOut as unknown as FanOutService, {} as WebhookLease, {} as ResumeService, null);

      const err = await sut.receive(webhookOf(randomUUID())).catch((e: unknown) => e);

      expect(err).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(journal.createWebhook).toHaveBeenCalledWith(expect.objectContaining({ userId: USER, status: 'rejected' }));
      expect(journal.setWebhook).toHaveBeenCalledWith('w-1', expect.objectContaining({ httpStatus: 503 }));
      expect(fanOut.execute).not.toHaveBeenCalled();
    });
  });
});
