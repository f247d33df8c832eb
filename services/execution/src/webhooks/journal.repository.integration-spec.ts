import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dataSourceOptions, openEmbeddedDatabase } from '@app/database';
import type { EmbeddedDatabase } from '@app/database';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { OrderAttemptEntity } from '../entities/order-attempt.entity';
import { SystemRejectionEntity } from '../entities/read-model.entities';
import { WebhookEntity } from '../entities/webhook.entity';
import { Execution_SCHEMA, executionMigrations } from '../migrations';
import { clOrdIdOf } from './build-broker-call';
import { FanOutJournal } from './fan-out-journal';
import { JournalRepository } from './journal.repository';

/** The journal on the embedded database of standalone mode, which plans prepared statements once for any values. */
describe(JournalRepository.name, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'journal-'));
  let db: EmbeddedDatabase;
  let dataSource: DataSource;
  let sut: JournalRepository;
  const userId = randomUUID();

  beforeAll(async () => {
    const embedded = await openEmbeddedDatabase(dataDir);
    db = embedded.db;
    const entities = [WebhookEntity, OrderAttemptEntity, SystemRejectionEntity];
    dataSource = new DataSource(dataSourceOptions({ kind: 'pglite', driver: embedded.driver }, { schema: Execution_SCHEMA, entities, migrations: executionMigrations }));
    await dataSource.initialize();
    sut = new JournalRepository(dataSource.getRepository(WebhookEntity), dataSource.getRepository(OrderAttemptEntity), dataSource.getRepository(SystemRejectionEntity));
  });

  afterAll(async () => {
    await dataSource?.destroy().catch(() => undefined);
    await db?.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** `n` webhooks in one status, written as the journal writes them; `claim` is their lease, if any. */
  const journal = (n: number, status: string, claim: { by: string; expiresInS: number } | null = null) =>
    db.query(
      `INSERT INTO "execution"."webhooks" ("user_id", "request_id", "status", "request", "raw_body", "body_hash", "events", "claimed_by", "claim_expires", "created_at")
       SELECT $1, gen_random_uuid()::text, $2, '{}', '{}', 'hash', '[]', $3, now() + make_interval(secs => $4), now() - make_interval(secs => $5 - i)
         FROM generate_series(1, $5) AS i`,
      [userId, status, claim?.by ?? null, claim?.expiresInS ?? 0, n],
    );

  describe('unfinished', () => {
    beforeAll(async () => {
      await journal(5000, 'completed');
      await journal(1, 'received');
      await journal(1, 'processing', { by: 'crashed-instance', expiresInS: -30 });
      await journal(1, 'processing', { by: 'live-instance', expiresInS: 30 });
    });

    it('should answer the unfinished webhooks whose lease is missing or lapsed, oldest first', async () => {
      const found = await sut.unfinished();

      expect(found.map((w) => [w.status, w.claimedBy])).toEqual([
        ['received', null],
        ['processing', 'crashed-instance'],
      ]);
    });

    it('should find them by the partial index even when planned once for any values, not by reading the whole journal', async () => {
      // The sweep runs every lease period for the life of the process; a plan that reads every webhook ever
      // journalled costs more with every webhook received.
      const [sql] = sut.unfinishedQuery().getQueryAndParameters();
      const plan = (await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (GENERIC_PLAN) ${sql}`)).rows.map((r) => r['QUERY PLAN']).join('\n');

      expect(plan).toContain('ix_webhooks_unfinished');
      expect(plan).not.toContain('Seq Scan');
    });
  });

  describe('keys', () => {
    const journalled: Array<{ webhookId: string; attemptIds: string[]; clOrdIds: string[] }> = [];

    // Left unfinished, they would be the sweep's to find: gone again, so no other test depends on the order.
    afterAll(() => db.query('DELETE FROM "execution"."webhooks" WHERE "id" = ANY($1::uuid[])', [journalled.map((j) => j.webhookId)]));

    it('should key every webhook and attempt later than the ones before it, so that the indexes grow at their end', async () => {
      // Random keys change index pages all over, and each changed page is written again at the next checkpoint:
      // with the journal's size, that grew without bound (docs/performance.md). Request ids are the gateway's.
      const fanOuts = new FanOutJournal(dataSource);
      const accounts = [randomUUID(), randomUUID(), randomUUID()];
      for (let i = 0; i < 20; i += 1) {
        const requestId = uuidv7();
        const webhook = await sut.createWebhook({
          userId, requestId, alertId: null, alertName: null, symbol: 'MNQZ6', action: 'market buy', status: 'received',
          request: {}, rawBody: '{}', bodyHash: 'hash', events: [],
        });
        const attempts = await fanOuts.start(webhook.id, accounts.map((accountId) => ({
          webhookId: webhook.id, userId, accountId, accountName: 'DEMO1', connectionId: randomUUID(), clOrdId: clOrdIdOf(requestId, accountId, 'entry'),
          kind: 'order' as const, request: {},
        })));
        journalled.push({ webhookId: webhook.id, attemptIds: attempts.map((a) => a.id), clOrdIds: attempts.map((a) => a.clOrdId) });
        await new Promise((resolve) => setTimeout(resolve, 1));
      }

      const inOrder = (keys: string[]) => expect([...keys].sort()).toEqual(keys);
      inOrder(journalled.map((j) => j.webhookId));
      // Within one webhook the order does not matter (it is one statement); each webhook's come after the last one's.
      inOrder(journalled.map((j) => [...j.attemptIds].sort()).flat());
      inOrder(journalled.map((j) => [...j.clOrdIds].sort()).flat());
    });
  });
});
