import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Topic } from '@app/contracts';
import { DomainError } from '@app/contracts';
import type { Msg } from '@app/messaging';
import type { ExecutionConfig } from '../execution.settings';
import type { FanOutService } from './fan-out.service';
import { IntakeLog } from './intake-log';
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
      secret: 'secret',
      requestId: randomUUID(),
      receivedAt: new Date().toISOString(),
      contentType: 'application/json',
      body: JSON.stringify({ alert_id: alertId, order_type: 'market', action: 'buy', quantity: '1' }),
    },
  }) as Msg<Topic.WebhookReceived>;

describe(WebhookService.name, () => {
  describe('receive', () => {
    it('should answer 503 and journal the webhook, placing nothing, when its alert cannot be looked up now', async () => {
      const intake = {
        of: jest.fn().mockResolvedValue({ userId: USER, inactive: false, journalled: false, route: null }),
      };
      const journal = {
        createWebhook: jest.fn().mockResolvedValue({ id: 'w-1' }),
        setWebhook: jest.fn().mockResolvedValue(undefined),
      };
      const routes = {
        askTrading: jest
          .fn()
          .mockRejectedValue(new DomainError('SERVICE_UNAVAILABLE', 'Alert x could not be looked up just now')),
      };
      const fanOut = { execute: jest.fn() };
      const sut = new WebhookService(
        config,
        intake as unknown as IntakeLookup,
        journal as unknown as JournalRepository,
        routes as unknown as RouteLookup,
        fanOut as unknown as FanOutService,
        {} as WebhookLease,
        {} as ResumeService,
        null,
      );

      const err = await sut.receive(webhookOf(randomUUID())).catch((e: unknown) => e);

      expect(err).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      // Journalled whole, with the answer its caller got, in one write.
      expect(journal.createWebhook).toHaveBeenCalledWith(
        expect.objectContaining({
          userId: USER,
          status: 'rejected',
          httpStatus: 503,
          response: expect.objectContaining({ code: 'SERVICE_UNAVAILABLE' }),
        }),
      );
      expect(journal.setWebhook).not.toHaveBeenCalled();
      expect(fanOut.execute).not.toHaveBeenCalled();
    });
  });

  describe('with an intake log (standalone)', () => {
    let dir: string;
    let log: IntakeLog;
    const alertId = randomUUID();
    const route = {
      alertId,
      userId: USER,
      name: 'breakout',
      symbol: 'MNQ',
      symbolId: 1,
      status: 'active',
      targets: [{ accountId: randomUUID(), connectionId: randomUUID() }],
    };
    const intake = { of: jest.fn().mockResolvedValue({ userId: USER, inactive: false, journalled: false, route }) };
    const fresh = (): Msg<Topic.WebhookReceived> => {
      const msg = webhookOf(alertId);
      return { ...msg, payload: { ...msg.payload, freshRequestId: true } };
    };
    const serviceWith = (journal: object, fanOut: object) =>
      new WebhookService(
        config,
        intake as unknown as IntakeLookup,
        journal as unknown as JournalRepository,
        {} as RouteLookup,
        fanOut as unknown as FanOutService,
        { hold: <T>(_id: string, work: () => Promise<T>) => work() } as unknown as WebhookLease,
        {} as ResumeService,
        log,
      );

    beforeEach(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'intake-'));
      log = new IntakeLog(dir);
      log.recover();
    });

    afterEach(() => {
      log.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it("should log a webhook with the gateway's own request id and hand it to the closing write, writing no row before", async () => {
      const journal = { createWebhook: jest.fn() };
      let pendingDuringFanOut = 0;
      const fanOut = {
        execute: jest.fn().mockImplementation(() => {
          pendingDuringFanOut = log.pending;
          return Promise.resolve({ successful: 1 });
        }),
      };
      const msg = fresh();

      await expect(serviceWith(journal, fanOut).receive(msg)).resolves.toEqual({ successful: 1 });

      expect(journal.createWebhook).not.toHaveBeenCalled();
      expect(pendingDuringFanOut).toBe(1);
      expect(log.pending).toBe(0);
      const [webhook, , , , resuming, unwritten] = fanOut.execute.mock.calls[0] as [
        { id: string },
        unknown,
        unknown,
        unknown,
        boolean,
        { id: string; requestId: string },
      ];
      expect([resuming, unwritten.id, unwritten.requestId]).toEqual([false, webhook.id, msg.payload.requestId]);
    });

    it("should write a caller's request id's row first, as its id may come again", async () => {
      const journal = { createWebhook: jest.fn().mockResolvedValue({ id: 'w-1' }) };
      const fanOut = { execute: jest.fn().mockResolvedValue({ successful: 1 }) };

      await serviceWith(journal, fanOut).receive(webhookOf(alertId));

      expect(journal.createWebhook).toHaveBeenCalledWith(expect.objectContaining({ status: 'received' }));
      expect(fanOut.execute).toHaveBeenCalledWith({ id: 'w-1' }, expect.anything(), route, expect.anything(), false);
      expect(log.pending).toBe(0);
    });

    it("should answer a caller's X-Request-Id naming a webhook still being placed from that webhook, placing nothing more", async () => {
      const journal = { createWebhook: jest.fn() };
      let finish: (r: unknown) => void = () => undefined;
      const fanOut = { execute: jest.fn().mockReturnValue(new Promise((resolve) => (finish = resolve))) };
      const sut = serviceWith(journal, fanOut);
      const first = fresh();
      // The id a 202 answered with, sent back by the caller (another body, so not the duplicate window's repeat).
      const again = {
        ...first,
        payload: { ...first.payload, freshRequestId: undefined, body: first.payload.body.replace('"1"', '"2"') },
      };

      const replies = [sut.receive(first), sut.receive(again)];
      await new Promise((r) => setImmediate(r));
      finish({ successful: 1 });

      await expect(Promise.all(replies)).resolves.toEqual([{ successful: 1 }, { successful: 1 }]);
      expect(fanOut.execute).toHaveBeenCalledTimes(1);
      expect(journal.createWebhook).not.toHaveBeenCalled();
    });

    it('should write the row as received for the resume sweep when the closing write fails, never answering an error', async () => {
      const journal = { restore: jest.fn().mockResolvedValue(1) };
      const fanOut = { execute: jest.fn().mockRejectedValue(new Error('database went away')) };
      const msg = fresh();

      const result = await serviceWith(journal, fanOut).receive(msg);

      expect(result).toMatchObject({
        message: 'Orders were sent but the outcome could not be recorded; see the trade log',
        request_id: msg.payload.requestId,
      });
      expect(journal.restore).toHaveBeenCalledWith([expect.objectContaining({ requestId: msg.payload.requestId })]);
      await new Promise((r) => setImmediate(r));
      expect(log.pending).toBe(0);
    });

    it('should keep the entry for the next start when its row cannot be written either', async () => {
      const journal = { restore: jest.fn().mockRejectedValue(new Error('database went away')) };
      const fanOut = { execute: jest.fn().mockRejectedValue(new Error('database went away')) };

      await serviceWith(journal, fanOut).receive(fresh());
      await new Promise((r) => setImmediate(r));

      expect(log.pending).toBe(1);
      expect(new IntakeLog(dir).recover()).toHaveLength(1);
    });
  });
});
