import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook rows are vacuumed every 10 000 dead rows instead of at 20 % of the table, as attempt rows were
 * (AttemptsVacuumThreshold1764100000000). Their one update is HOT now (WebhooksHotUpdates1764500000000), so a pass
 * costs what changed since the last one; at 20 % of a growing table the passes got rarer and longer with the
 * journal (16 → 68 ms within five minutes at 320 webhooks/s), each holding the embedded database's one session. At a
 * fixed threshold they stayed at 15–18 ms (docs/performance.md). The embedded database's housekeeping reads these
 * settings as Postgres' autovacuum does.
 */
export class WebhooksVacuumThreshold1764600000000 implements MigrationInterface {
  name = 'WebhooksVacuumThreshold1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE "execution"."webhooks" SET (autovacuum_vacuum_threshold = 10000, autovacuum_vacuum_scale_factor = 0)',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE "execution"."webhooks" RESET (autovacuum_vacuum_threshold, autovacuum_vacuum_scale_factor)',
    );
  }
}
