import { Controller, Logger } from '@nestjs/common';
import type { INestMicroservice } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import { DomainError, Topic, makeEnvelope } from '@app/contracts';
import type { Reply } from '@app/contracts';
import { OnEvent, OnRequest } from './handlers';
import type { EventMsg, Msg } from './handlers';
import { InProcessBroker } from './in-process.broker';
import { InProcessClient, InProcessServer } from './in-process.transport';
import { MessageBus } from './message-bus';
import { ProduceReceipt } from './produce-receipt';

const USER = '3f1c2a9e-6a4b-4c1e-9d52-0a0b0c0d0e0f';
/** A user whose lookup fails with a bug, not a domain error. */
const BROKEN = '0badc0de-0000-4000-8000-000000000000';
const deleted: string[] = [];

@Controller()
class SessionsController {
  @OnRequest(Topic.AuthVerifySession)
  verify(@Payload() msg: Msg<Topic.AuthVerifySession>) {
    if (msg.payload.userId === BROKEN) {
      throw new TypeError("Cannot read properties of undefined (reading 'email')");
    }
    if (msg.payload.userId !== USER) {
      throw new DomainError('UNAUTHORIZED', 'unknown user');
    }
    return { id: USER, email: 'a@b.co', isAdmin: false };
  }

  @OnEvent(Topic.UserDeleted)
  onDeleted(@Payload() msg: EventMsg<Topic.UserDeleted>) {
    deleted.push(msg.payload.userId);
  }
}

async function startService(broker: InProcessBroker, group: string): Promise<INestMicroservice> {
  const moduleRef = await Test.createTestingModule({
    controllers: [SessionsController],
  }).compile();
  const app = moduleRef.createNestMicroservice({ strategy: new InProcessServer(broker, group), logger: false });
  await app.listen();
  return app;
}

const ctx = { correlationId: 'req-1', userId: USER };

describe(InProcessServer.name, () => {
  let broker: InProcessBroker;
  let apps: INestMicroservice[];
  let sut: MessageBus;

  beforeEach(async () => {
    deleted.length = 0;
    broker = new InProcessBroker();
    apps = [await startService(broker, 'auth'), await startService(broker, 'trading')];
    sut = new MessageBus(new InProcessClient(broker), { requestTimeoutMs: 1000 });
  });

  afterEach(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });

  describe('send', () => {
    it('should answer a valid request with the handler reply', async () => {
      const user = await sut.send(Topic.AuthVerifySession, { userId: USER, issuedAt: 1 }, ctx);

      expect(user).toEqual({ id: USER, email: 'a@b.co', isAdmin: false });
    });

    it('should carry a domain error back as its code', async () => {
      const other = '00000000-0000-4000-8000-000000000000';

      await expect(sut.send(Topic.AuthVerifySession, { userId: other, issuedAt: 1 }, ctx)).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
        message: 'unknown user',
      });
    });

    it('should answer a malformed payload with BAD_MESSAGE, log it, and keep serving', async () => {
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      const bad = makeEnvelope(ctx, 1, { userId: 'not-a-uuid' });

      const reply = (await broker.request(Topic.AuthVerifySession, bad)) as Reply<unknown>;

      expect(reply).toMatchObject({ ok: false, error: { code: 'BAD_MESSAGE' } });
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ code: 'BAD_MESSAGE', topic: Topic.AuthVerifySession, requestId: 'req-1' }),
        expect.any(String),
      );
      await expect(sut.send(Topic.AuthVerifySession, { userId: USER, issuedAt: 1 }, ctx)).resolves.toMatchObject({
        id: USER,
      });
      warn.mockRestore();
    });

    it("should answer a handler's bug with INTERNAL, logged with the message's request id and without its details in the reply", async () => {
      const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);

      const reply = await sut.request(Topic.AuthVerifySession, { userId: BROKEN, issuedAt: 1 }, ctx);

      expect(reply).toEqual({
        ok: false,
        error: { code: 'INTERNAL', message: 'The service could not complete the request' },
      });
      expect(error).toHaveBeenCalledWith(
        expect.objectContaining({ topic: Topic.AuthVerifySession, requestId: 'req-1', err: expect.any(TypeError) }),
        expect.any(String),
      );
      error.mockRestore();
    });

    it('should mark the receipt of a request produced: the broker in memory has it at once', async () => {
      const receipt = new ProduceReceipt();

      const reply = await sut.request(Topic.AuthVerifySession, { userId: USER, issuedAt: 1 }, ctx, { receipt });

      expect([reply.ok, receipt.produced]).toEqual([true, true]);
    });

    it('should answer a message that is not an envelope with BAD_MESSAGE', async () => {
      jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);

      const reply = (await broker.request(Topic.AuthVerifySession, 'garbage')) as Reply<unknown>;

      expect(reply).toMatchObject({ ok: false, error: { code: 'BAD_MESSAGE' } });
    });

    it("should answer the same through Nest's observable send as through the direct path", async () => {
      const client = new InProcessClient(broker);
      const observable = new MessageBus(
        { send: client.send.bind(client), emit: client.emit.bind(client) },
        {
          requestTimeoutMs: 1000,
        },
      );
      const other = '00000000-0000-4000-8000-000000000000';

      const replies = await Promise.all(
        [observable, sut].flatMap((bus) =>
          [USER, other].map((userId) => bus.request(Topic.AuthVerifySession, { userId, issuedAt: 1 }, ctx)),
        ),
      );

      expect(replies.slice(2)).toEqual(replies.slice(0, 2));
      expect(replies.map((r) => r.ok)).toEqual([true, false, true, false]);
    });

    it('should answer TIMEOUT when no reply comes in time', async () => {
      const held = new InProcessBroker();
      held.holdUntilOpen();
      const slow = new MessageBus(new InProcessClient(held), { requestTimeoutMs: 1000 });

      const reply = await slow.request(Topic.AuthVerifySession, { userId: USER, issuedAt: 1 }, ctx, { timeoutMs: 30 });

      expect(reply).toEqual({
        ok: false,
        error: { code: 'TIMEOUT', message: `No reply to ${Topic.AuthVerifySession} in time` },
      });
      await held.open();
    });

    it('should answer SERVICE_UNAVAILABLE when no service answers the topic', async () => {
      await Promise.all(apps.map((a) => a.close()));
      apps = [];

      await expect(sut.send(Topic.AuthVerifySession, { userId: USER, issuedAt: 1 }, ctx)).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
      });
    });
  });

  describe('emit', () => {
    it('should deliver an event once to each consumer group', async () => {
      await sut.emit(Topic.UserDeleted, { userId: USER }, ctx);

      expect(deleted).toEqual([USER, USER]);
    });

    it('should drop a malformed event with a logged code and still deliver the next one', async () => {
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);

      await broker.publish(Topic.UserDeleted, makeEnvelope(ctx, 1, { userId: 42 }));
      await sut.emit(Topic.UserDeleted, { userId: USER }, ctx);

      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ code: 'BAD_MESSAGE', topic: Topic.UserDeleted }),
        expect.any(String),
      );
      expect(deleted).toEqual([USER, USER]);
      warn.mockRestore();
    });
  });

  describe('while held until open', () => {
    it('should deliver an event sent before a consumer group started to it as well, once open', async () => {
      const held = new InProcessBroker();
      held.holdUntilOpen();
      const early = new MessageBus(new InProcessClient(held), { requestTimeoutMs: 1000 });
      const first = await startService(held, 'auth');
      const emitted = early.emit(Topic.UserDeleted, { userId: USER }, ctx);
      const later = await startService(held, 'trading');
      await new Promise((r) => setTimeout(r, 20));
      const beforeOpen = [...deleted];

      await held.open();
      const whenOpened = [...deleted];
      await emitted;

      expect(beforeOpen).toEqual([]);
      expect(whenOpened).toEqual([USER, USER]);
      await Promise.all([first.close(), later.close()]);
    });

    it('should answer a request sent before its service started once it has', async () => {
      const held = new InProcessBroker();
      held.holdUntilOpen();
      const early = new MessageBus(new InProcessClient(held), { requestTimeoutMs: 1000 });
      const reply = early.send(Topic.AuthVerifySession, { userId: USER, issuedAt: 1 }, ctx);
      const service = await startService(held, 'auth');

      void held.open();

      await expect(reply).resolves.toEqual({ id: USER, email: 'a@b.co', isAdmin: false });
      await service.close();
    });
  });
});
