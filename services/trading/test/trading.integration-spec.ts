import { randomUUID } from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSourceNameRegistry } from '@nestjs/typeorm/dist/data-source-name.registry';
import { Topic } from '@app/contracts';
import type { AlertRouteChangedV1, Envelope, MessageContext } from '@app/contracts';
import { InProcessBroker, InProcessClient, InProcessServer, MessageBus } from '@app/messaging';
import { resetSchemas, testInfraEnv } from '@app/testing';
import { TradingModule } from '../src/trading.module';
import { connectionEvent } from './trading-fixtures';

/**
 * The trading service on the real Postgres server (many pooled sessions, unlike PGlite's one), so
 * the per-user lock and the unique index are what keep the rules under concurrency.
 */
describe(TradingModule.name, () => {
  const { databaseUrl } = testInfraEnv();
  let service: INestMicroservice;
  let broker: InProcessBroker;
  let sut: MessageBus;
  let user: string;
  let ctx: MessageContext;

  beforeAll(async () => {
    broker = new InProcessBroker();
    const runtime = { config: {}, bus: new InProcessClient(broker), busOptions: { requestTimeoutMs: 20000 } };
    service = await NestFactory.createMicroservice(
      TradingModule.forRoot(runtime, { kind: 'postgres', url: databaseUrl, poolSize: 10 }),
      { strategy: new InProcessServer(broker, 'trading'), logger: ['error'] },
    );
    await service.listen();
    DataSourceNameRegistry.clear();
    sut = new MessageBus(new InProcessClient(broker), { requestTimeoutMs: 20000 });
  });

  beforeEach(async () => {
    await resetSchemas(databaseUrl, ['trading']);
    user = randomUUID();
    ctx = { correlationId: 'it', userId: user };
  });

  afterAll(async () => {
    await service.close();
  });

  describe('AlertsCreate', () => {
    it('should keep exactly 20 active alerts under 25 concurrent creates', async () => {
      const replies = await Promise.all(
        Array.from({ length: 25 }, (_, i) => sut.request(Topic.AlertsCreate, { name: `c${i}` }, ctx)),
      );

      expect(replies.filter((r) => r.ok)).toHaveLength(20);
      expect(replies.filter((r) => !r.ok && r.error.code === 'ALERT_LIMIT_REACHED')).toHaveLength(5);
      const list = await sut.send(Topic.AlertsList, {}, ctx);
      expect(list.filter((a) => a.status === 'active')).toHaveLength(20);
    });

    it('should keep the limit when concurrent activations race', async () => {
      const parked = await Promise.all(
        Array.from({ length: 25 }, (_, i) => sut.send(Topic.AlertsCreate, { name: `p${i}`, status: 'inactive' }, ctx)),
      );

      const replies = await Promise.all(
        parked.map((a) => sut.request(Topic.AlertsUpdate, { id: a.id, status: 'active' }, ctx)),
      );

      expect(replies.filter((r) => r.ok)).toHaveLength(20);
      const list = await sut.send(Topic.AlertsList, {}, ctx);
      expect(list.filter((a) => a.status === 'active')).toHaveLength(20);
    });

    it('should resolve routes and remove deleted accounts from alerts', async () => {
      const c = connectionEvent(user, {}, 3);
      await sut.emit(Topic.ConnectionChanged, c, ctx, c.connectionId);
      const group = await sut.send(Topic.GroupsCreate, { name: 'Desk' }, ctx);
      await sut.send(Topic.GroupsUpdate, { id: group.id, connection_ids: [c.connectionId] }, ctx);
      const alert = await sut.send(
        Topic.AlertsCreate,
        { name: 'a', groupIds: [group.id], accountIds: [c.accounts[0].id] },
        ctx,
      );

      await sut.emit(Topic.ConnectionChanged, { ...c, accounts: c.accounts.slice(1) }, ctx, c.connectionId);

      const route = await sut.send(Topic.AlertsRoute, { alertId: alert.id }, ctx);
      expect(route.targets.map((t) => t.accountId).sort()).toEqual(
        c.accounts
          .slice(1)
          .map((a) => a.id)
          .sort(),
      );
      expect((await sut.send(Topic.AlertsList, {}, ctx))[0].accountIds).toEqual([]);
    });
  });

  describe('GroupsCreate', () => {
    it('should let exactly one of several concurrent creates of a name win', async () => {
      const replies = await Promise.all(
        ['Desk', 'desk', 'DESK', ' Desk '].map((name) => sut.request(Topic.GroupsCreate, { name }, ctx)),
      );

      expect(replies.filter((r) => r.ok)).toHaveLength(1);
      expect(replies.filter((r) => !r.ok && r.error.code === 'GROUP_NAME_TAKEN')).toHaveLength(3);
    });
  });

  describe('UserDeleted', () => {
    it('should remove every row of the user', async () => {
      const c = connectionEvent(user);
      await sut.emit(Topic.ConnectionChanged, c, ctx, c.connectionId);
      await sut.send(Topic.GroupsCreate, { name: 'Desk' }, ctx);
      await sut.send(Topic.AlertsCreate, { name: 'a', accountIds: [c.accounts[0].id] }, ctx);

      await sut.emit(Topic.UserDeleted, { userId: user }, ctx);

      expect(await sut.send(Topic.GroupsList, {}, ctx)).toEqual([]);
      expect(await sut.send(Topic.AlertsList, {}, ctx)).toEqual([]);
      const other = { ...ctx, userId: randomUUID() };
      await expect(
        sut.send(Topic.AlertsCreate, { name: 'x', accountIds: [c.accounts[0].id] }, other),
      ).rejects.toMatchObject({
        code: 'UNPROCESSABLE',
      });
    });
  });

  describe('route events (outbox)', () => {
    /** What execution would receive; while `refusing`, publishing fails as it does with the broker down. */
    const execution = {
      refusing: false,
      routes: [] as AlertRouteChangedV1[],
      removed: [] as Array<{ alertId: string; userId: string }>,
    };
    const until = async (done: () => boolean, ms = 10_000): Promise<void> => {
      const deadline = Date.now() + ms;
      while (!done() && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
    };

    beforeAll(() => {
      const listen = (topic: Topic, into: 'routes' | 'removed') =>
        broker.register(
          'execution',
          topic,
          (data) => {
            if (execution.refusing) {
              return Promise.reject(new Error('broker unavailable'));
            }
            (execution[into] as unknown[]).push((data as Envelope).payload);
            return Promise.resolve();
          },
          true,
        );
      listen(Topic.AlertRouteChanged, 'routes');
      listen(Topic.AlertRemoved, 'removed');
    });

    beforeEach(() => {
      Object.assign(execution, { refusing: false, routes: [], removed: [] });
    });

    afterAll(() => {
      broker.unregisterGroup('execution', [Topic.AlertRouteChanged, Topic.AlertRemoved]);
    });

    it("should publish a new alert's route at once", async () => {
      const alert = await sut.send(Topic.AlertsCreate, { name: 'now' }, ctx);

      expect(execution.routes).toEqual([
        expect.objectContaining({ alertId: alert.id, userId: user, name: 'now', status: 'active' }),
      ]);
    });

    it('should publish the route of a change committed while the broker refused it, once the broker takes it', async () => {
      execution.refusing = true;
      const alert = await sut.send(Topic.AlertsCreate, { name: 'parked' }, ctx);
      await sut.send(Topic.AlertsUpdate, { id: alert.id, status: 'inactive' }, ctx);
      expect(execution.routes).toEqual([]);

      execution.refusing = false;
      await until(() => execution.routes.length > 0);

      // Its route as it is now, once, not once per change.
      expect(execution.routes).toEqual([
        expect.objectContaining({ alertId: alert.id, name: 'parked', status: 'inactive' }),
      ]);
    });

    it('should tell of a removal committed while the broker refused it, and publish no route for the removed alert', async () => {
      execution.refusing = true;
      const alert = await sut.send(Topic.AlertsCreate, { name: 'gone' }, ctx);
      await sut.send(Topic.AlertsDelete, { id: alert.id }, ctx);

      execution.refusing = false;
      await until(() => execution.removed.length > 0);

      expect(execution.removed).toEqual([{ alertId: alert.id, userId: user }]);
      expect(execution.routes).toEqual([]);
    });
  });
});
