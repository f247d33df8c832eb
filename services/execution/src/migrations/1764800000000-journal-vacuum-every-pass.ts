import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The journal's tables are vacuumed once 1000 of their rows changed (webhooks: updated or inserted; attempts: inserted),
 * instead of 10 000: under load, at every housekeeping pass. The embedded database's pass vacuums and then
 * checkpoints, so a vacuum that runs at every pass marks pages the checkpoint is about to write anyway; every 10 000
 * rows it went back to pages that earlier checkpoints had written, and the next checkpoint wrote them all again (the
 * webhooks' pages, a third full, hold two or three rows each). A 2-minute soak at 240 webhooks/s on a slow VM had a
 * vacuum of 28–55 ms and then a checkpoint of 60–82 ms every 40 s; at every pass its longest checkpoint took 31 ms and
 * its longest vacuum 21 ms, and checkpoints took a quarter less in all (docs/performance.md). On Postgres (distributed
 * mode) autovacuum reads the same settings, at most once a minute per database.
 */
export class JournalVacuumEveryPass1764800000000 implements MigrationInterface {
  name = 'JournalVacuumEveryPass1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE "execution"."webhooks" SET (autovacuum_vacuum_threshold = 1000, autovacuum_vacuum_insert_threshold = 1000)',
    );
    await q.query('ALTER TABLE "execution"."order_attempts" SET (autovacuum_vacuum_insert_threshold = 1000)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE "execution"."webhooks" SET (autovacuum_vacuum_threshold = 10000, autovacuum_vacuum_insert_threshold = 10000)',
    );
    await q.query('ALTER TABLE "execution"."order_attempts" SET (autovacuum_vacuum_insert_threshold = 10000)');
  }
}
