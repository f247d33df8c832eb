import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The journal's tables are vacuumed every 10 000 inserted rows instead of at 1000 + 20 % of the table, as they are for
 * their dead rows (AttemptsVacuumThreshold1764100000000, WebhooksVacuumThreshold1764600000000). Attempts are only ever
 * inserted, so their dead rows never call for a vacuum, and it is the insert threshold that freezes them before
 * their transaction ids wrap around (the embedded database's housekeeping, which reads these settings as Postgres'
 * autovacuum does, freezes at every vacuum). A vacuum of an insert-only table reads the pages written since the last
 * one, so at 20 % of a growing table each pass, which holds the embedded database's one session, would grow with the
 * journal; at a fixed threshold it stays the size of a few seconds of webhooks (docs/performance.md).
 */
export class JournalInsertVacuumThreshold1764700000000 implements MigrationInterface {
  name = 'JournalInsertVacuumThreshold1764700000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['order_attempts', 'webhooks']) {
      await q.query(
        `ALTER TABLE "execution"."${table}" SET (autovacuum_vacuum_insert_threshold = 10000, autovacuum_vacuum_insert_scale_factor = 0)`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['order_attempts', 'webhooks']) {
      await q.query(
        `ALTER TABLE "execution"."${table}" RESET (autovacuum_vacuum_insert_threshold, autovacuum_vacuum_insert_scale_factor)`,
      );
    }
  }
}
