import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Attempt rows are vacuumed every 10 000 dead rows instead of at 20 % of the table. Their one update is HOT (see
 * AttemptsFillfactor), so a pass costs what changed since the last one: at 20 % of a growing table the passes
 * got rarer and longer with the journal (6 → 91 ms over five minutes at 240 webhooks/s), and in standalone mode
 * each one holds the embedded database's one session; at a fixed threshold they stay at 6–7 ms, and vacuum's
 * visibility marks land before the checkpoint writes those pages rather than dirtying them again after it
 * (docs/performance.md). The embedded database's housekeeping reads these settings as Postgres' autovacuum does.
 */
export class AttemptsVacuumThreshold1764100000000 implements MigrationInterface {
  name = 'AttemptsVacuumThreshold1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE "execution"."order_attempts" SET (autovacuum_vacuum_threshold = 10000, autovacuum_vacuum_scale_factor = 0)',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE "execution"."order_attempts" RESET (autovacuum_vacuum_threshold, autovacuum_vacuum_scale_factor)',
    );
  }
}
