import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every attempt row is written twice: inserted as pending before its order is sent, then updated once with the
 * outcome. Pages are filled only half by inserts so that the outcome lands on the row's own page as a HOT update,
 * with no new index entries; VACUUM then has heap pages to prune rather than four indexes to clean, and its passes,
 * which hold the embedded database's one session, take about half as long (docs/performance.md). The price is a
 * heap about 1.6 times the size.
 */
export class AttemptsFillfactor1764000000000 implements MigrationInterface {
  name = 'AttemptsFillfactor1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "execution"."order_attempts" SET (fillfactor = 50)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "execution"."order_attempts" RESET (fillfactor)');
  }
}
