import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dataSourceOptions, openEmbeddedDatabase } from '@app/database';
import type { EmbeddedDatabase } from '@app/database';
import { DataSource } from 'typeorm';
import { AttemptsInWebhookRow1765000000000 } from './1765000000000-attempts-in-webhook-row';
import { Execution_SCHEMA, executionMigrations } from '.';

/**
 * An upgrade of a journal written by versions that kept a row per attempt in `order_attempts`: every attempt moves into
 * its webhook's row, in the order it was written, and back again when the migration is undone.
 */
describe(AttemptsInWebhookRow1765000000000.name, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'attempts-migration-'));
  let db: EmbeddedDatabase;
  let driver: Awaited<ReturnType<typeof openEmbeddedDatabase>>['driver'];
  const [alice, bob] = [randomUUID(), randomUUID()];
  const ids = { placed: randomUUID(), pending: randomUUID(), none: randomUUID(), other: randomUUID() };
  const accounts = [randomUUID(), randomUUID(), randomUUID()];
  const connection = randomUUID();

  const dataSource = async (migrations: typeof executionMigrations): Promise<DataSource> =>
    new DataSource(
      dataSourceOptions({ kind: 'pglite', driver }, { schema: Execution_SCHEMA, entities: [], migrations }),
    ).initialize();

  beforeAll(async () => {
    ({ db, driver } = await openEmbeddedDatabase(dataDir));
    // The journal as the version before this migration left it.
    const before = await dataSource(executionMigrations.filter((m) => m !== AttemptsInWebhookRow1765000000000));
    await before.query(
      `INSERT INTO "execution"."webhooks" ("id", "user_id", "request_id", "status", "request", "raw_body", "body_hash")
       VALUES ($1, $5, 'r-placed', 'partial', '{}', '{}', 'h'), ($2, $5, 'r-pending', 'processing', '{}', '{}', 'h'),
              ($3, $5, 'r-none', 'rejected', '{}', '{}', 'h'), ($4, $6, 'r-other', 'completed', '{}', '{}', 'h')`,
      [ids.placed, ids.pending, ids.none, ids.other, alice, bob],
    );
    await before.query(
      `INSERT INTO "execution"."order_attempts" ("webhook_id", "user_id", "account_id", "account_name", "connection_id", "cl_ord_id", "kind", "request", "status", "order_id", "error", "duration_ms", "created_at")
       VALUES ($1, $4, $5, 'DEMO2', $8, 'tv-b', 'order', '{"accountId": 2}', 'failed', NULL, 'NoQuote', 7, '2026-11-20T10:00:00.002Z'),
              ($1, $4, $6, 'DEMO1', $8, 'tv-a', 'oso', '{"accountId": 1}', 'placed', 501, NULL, 4, '2026-11-20T10:00:00.001Z'),
              ($2, $4, $6, 'DEMO1', $8, 'tv-c', 'order', '{"accountId": 1}', 'pending', NULL, NULL, NULL, '2026-11-20T10:00:01Z'),
              ($3, $9, $7, 'LIVE1', $8, 'tv-d', 'liquidate', '{"accountId": 3}', 'placed', 502, NULL, 5, '2026-11-20T10:00:02Z')`,
      [ids.placed, ids.pending, ids.other, alice, accounts[1], accounts[0], accounts[2], connection, bob],
    );
    await before.destroy();
  });

  afterAll(async () => {
    await db?.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("should move every attempt into its webhook's row, in the order it was written, and drop their table", async () => {
    const after = await dataSource(executionMigrations);
    try {
      const rows = await after.query<Array<{ id: string; attempts: unknown[] }>>(
        'SELECT "id", "attempts" FROM "execution"."webhooks"',
      );
      const attemptsOf = (id: string) => rows.find((r) => r.id === id)?.attempts;

      expect(attemptsOf(ids.placed)).toEqual([
        {
          accountId: accounts[0],
          accountName: 'DEMO1',
          connectionId: connection,
          clOrdId: 'tv-a',
          kind: 'oso',
          request: { accountId: 1 },
          status: 'placed',
          orderId: 501,
          error: null,
          durationMs: 4,
        },
        {
          accountId: accounts[1],
          accountName: 'DEMO2',
          connectionId: connection,
          clOrdId: 'tv-b',
          kind: 'order',
          request: { accountId: 2 },
          status: 'failed',
          orderId: null,
          error: 'NoQuote',
          durationMs: 7,
        },
      ]);
      // Journalled pending before it was sent: the resume settles it from the row.
      expect(attemptsOf(ids.pending)).toMatchObject([{ clOrdId: 'tv-c', status: 'pending', orderId: null }]);
      expect(attemptsOf(ids.none)).toEqual([]);
      expect(attemptsOf(ids.other)).toMatchObject([{ clOrdId: 'tv-d', kind: 'liquidate', accountName: 'LIVE1' }]);
      const [table] = await after.query<Array<{ name: string | null }>>(
        `SELECT to_regclass('"execution"."order_attempts"')::text AS "name"`,
      );
      expect(table.name).toBeNull();
    } finally {
      await after.destroy();
    }
  });

  it('should give every attempt its row back, with its webhook and user, when undone', async () => {
    const after = await dataSource(executionMigrations);
    try {
      await after.undoLastMigration();

      const rows = await after.query<Array<Record<string, unknown>>>(
        `SELECT "webhook_id", "user_id", "account_id", "account_name", "connection_id", "cl_ord_id", "kind", "request", "status", "order_id", "error", "duration_ms"
           FROM "execution"."order_attempts" ORDER BY "cl_ord_id"`,
      );
      expect(rows).toEqual([
        expect.objectContaining({
          webhook_id: ids.placed,
          user_id: alice,
          account_id: accounts[0],
          cl_ord_id: 'tv-a',
          kind: 'oso',
          order_id: 501,
          duration_ms: 4,
        }),
        expect.objectContaining({
          webhook_id: ids.placed,
          user_id: alice,
          cl_ord_id: 'tv-b',
          status: 'failed',
          error: 'NoQuote',
          request: { accountId: 2 },
        }),
        expect.objectContaining({
          webhook_id: ids.pending,
          user_id: alice,
          cl_ord_id: 'tv-c',
          status: 'pending',
          order_id: null,
          duration_ms: null,
        }),
        expect.objectContaining({
          webhook_id: ids.other,
          user_id: bob,
          account_name: 'LIVE1',
          connection_id: connection,
          cl_ord_id: 'tv-d',
        }),
      ]);
      const [column] = await after.query<Array<{ n: number }>>(
        `SELECT count(*)::int AS "n" FROM information_schema.columns WHERE table_schema = 'execution' AND table_name = 'webhooks' AND column_name = 'attempts'`,
      );
      expect(column.n).toBe(0);
    } finally {
      await after.destroy();
    }
  });
});
