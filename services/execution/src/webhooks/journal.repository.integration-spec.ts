import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dataSourceOptions, openEmbeddedDatabase } from '@app/database';
import type { EmbeddedDatabase } from '@app/database';
import { DataSource } from 'typeorm';
import { OrderAttemptEntity } from '../entities/order-attempt.entity';
import { SystemRejectionEntity } from '../entities/read-model.entities';
import { WebhookEntity } from '../entities/webhook.entity';
import { Execution_SCHEMA, executionMigrations } from '../migrations';
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
});
