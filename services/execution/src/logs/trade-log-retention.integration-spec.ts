import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dataSourceOptions, openEmbeddedDatabase } from '@app/database';
import type { DatabaseRuntime } from '@app/database';
import { testInfraEnv } from '@app/testing';
import { DataSource } from 'typeorm';
import { WebhookEntity } from '../entities/webhook.entity';
import type { ExecutionConfig } from '../execution.settings';
import { Execution_SCHEMA, executionMigrations } from '../migrations';
import { TradeLogRetention } from './trade-log-retention';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The execution schema on a database as a mode runs it, and how to let it go. */
type Opened = { runtime: DatabaseRuntime; close: () => Promise<void> };

const embedded = async (): Promise<Opened> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'retention-'));
  const { db, driver } = await openEmbeddedDatabase(dataDir);
  return {
    runtime: { kind: 'pglite', driver },
    close: async () => {
      await db.close().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

const server = (): Promise<Opened> =>
  Promise.resolve({
    runtime: { kind: 'postgres', url: testInfraEnv().databaseUrl, poolSize: 2 },
    close: () => Promise.resolve(),
  });

/** The trade log's retention on standalone's embedded database and on the Postgres server distributed mode shares. */
describe.each([
  ['the embedded database', embedded],
  ['a Postgres server', server],
])(`${TradeLogRetention.name} on %s`, (_name, open) => {
  let opened: Opened;
  let dataSource: DataSource;
  const now = new Date('2026-11-29T12:00:00Z');

  beforeAll(async () => {
    opened = await open();
    dataSource = new DataSource(
      dataSourceOptions(opened.runtime, {
        schema: Execution_SCHEMA,
        entities: [WebhookEntity],
        migrations: executionMigrations,
      }),
    );
    await dataSource.initialize();
  });

  let logged: jest.SpyInstance;
  beforeEach(async () => {
    logged = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    await dataSource.query('TRUNCATE "execution"."webhooks", "execution"."system_rejections" CASCADE');
  });

  afterEach(() => logged.mockRestore());

  afterAll(async () => {
    await dataSource?.destroy().catch(() => undefined);
    await opened?.close();
  });

  const retention = (days?: number) =>
    new TradeLogRetention({ TRADE_LOG_RETENTION_DAYS: days } as ExecutionConfig, dataSource);

  /** `n` webhooks of `userId` in `status`, `daysAgo` old, each with two order attempts; returns their request ids. */
  const journal = async (userId: string, n: number, status: string, daysAgo: number): Promise<string[]> => {
    const rows = await dataSource.query<Array<{ request_id: string }>>(
      `INSERT INTO "execution"."webhooks" ("user_id", "request_id", "status", "executes", "request", "raw_body", "body_hash", "events", "created_at", "attempts")
       SELECT $1, gen_random_uuid()::text, $2, true, '{}', '{}', 'hash', '[]', $3::timestamptz - make_interval(secs => i),
              (SELECT jsonb_agg(jsonb_build_object('accountId', gen_random_uuid(), 'accountName', 'DEMO1', 'connectionId', gen_random_uuid(),
                        'clOrdId', gen_random_uuid()::text, 'kind', 'order', 'request', '{}'::jsonb, 'status', 'placed', 'orderId', 1, 'error', null, 'durationMs', 3))
                 FROM generate_series(1, 2))
         FROM generate_series(1, $4) AS i
       RETURNING "request_id"`,
      [userId, status, new Date(now.getTime() - daysAgo * DAY_MS).toISOString(), n],
    );
    return rows.map((r) => r.request_id);
  };

  const remaining = async () => {
    const w = await dataSource.query<Array<{ request_id: string }>>('SELECT "request_id" FROM "execution"."webhooks"');
    const a = await dataSource.query<Array<{ n: number }>>(
      'SELECT coalesce(sum(jsonb_array_length("attempts")), 0)::int AS n FROM "execution"."webhooks"',
    );
    return { requests: new Set(w.map((r) => r.request_id)), attempts: a[0].n };
  };

  it('should remove every user’s finished entries older than the retention, with their orders, and keep the rest', async () => {
    const [alice, bob] = [randomUUID(), randomUUID()];
    // More than one statement's worth for alice, so that a pass goes on until nothing old is left.
    const old = [
      ...(await journal(alice, 450, 'completed', 31)),
      ...(await journal(alice, 3, 'rejected', 400)),
      ...(await journal(bob, 2, 'partial', 45)),
    ];
    const unfinished = [...(await journal(alice, 1, 'received', 90)), ...(await journal(bob, 1, 'processing', 60))];
    const recent = [...(await journal(alice, 4, 'completed', 29)), ...(await journal(bob, 2, 'failed', 1))];

    const removed = await retention(30).prune(now);

    const left = await remaining();
    expect(removed).toEqual({ entries: old.length, unknownSecrets: 0 });
    expect(old.filter((id) => left.requests.has(id))).toEqual([]);
    expect([...unfinished, ...recent].filter((id) => !left.requests.has(id))).toEqual([]);
    expect(left.attempts).toBe(2 * (unfinished.length + recent.length));
    expect(logged).toHaveBeenCalledWith(
      `${old.length} trade-log entries and 0 webhooks to unknown secrets older than 30 day(s) removed`,
    );
  });

  it('should remove entries received at the same instant when they take more than one statement', async () => {
    const alice = randomUUID();
    const old = await journal(alice, 450, 'completed', 31);
    const unfinished = await journal(alice, 1, 'received', 31);
    // One instant for all (to the microsecond): each statement starts at the instant the last one ended on.
    await dataSource.query(
      `UPDATE "execution"."webhooks" SET "created_at" = '2026-10-01T09:30:00.123456Z' WHERE "user_id" = $1`,
      [alice],
    );

    const removed = await retention(30).prune(now);

    expect(removed).toEqual({ entries: old.length, unknownSecrets: 0 });
    expect((await remaining()).requests).toEqual(new Set(unfinished));
  });

  it('should remove webhooks sent to unknown secrets older than the retention, more than a statement’s worth', async () => {
    const rejectedAt = (daysAgo: number, n: number) =>
      dataSource.query(
        `INSERT INTO "execution"."system_rejections" ("request_id", "reason", "created_at")
         SELECT gen_random_uuid()::text, 'unknown webhook secret', $1::timestamptz - make_interval(secs => i)
           FROM generate_series(1, $2) AS i`,
        [new Date(now.getTime() - daysAgo * DAY_MS).toISOString(), n],
      );
    await rejectedAt(31, 450);
    await rejectedAt(29, 7);

    const removed = await retention(30).prune(now);

    const [{ n }] = await dataSource.query<Array<{ n: number }>>(
      'SELECT count(*)::int AS n FROM "execution"."system_rejections"',
    );
    expect({ removed, left: n }).toEqual({ removed: { entries: 0, unknownSecrets: 450 }, left: 7 });
  });

  it('should remove nothing when no retention is set', async () => {
    const kept = await journal(randomUUID(), 3, 'completed', 3650);

    const removed = await retention(undefined).prune(now);

    expect(removed).toEqual({ entries: 0, unknownSecrets: 0 });
    expect((await remaining()).requests).toEqual(new Set(kept));
    expect(logged).not.toHaveBeenCalled();
  });

  it('should prune as soon as the service starts', async () => {
    await journal(randomUUID(), 5, 'completed', 10);
    const sut = retention(7);

    sut.onApplicationBootstrap();
    await sut.running;
    await sut.onModuleDestroy();

    expect((await remaining()).requests.size).toBe(0);
  });
});
