import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Attempt rows fill their pages again. AttemptsFillfactor left half of each page free so that an attempt's one
 * update (pending → outcome) stayed on its page; since 2026-11-25 an attempt is written once, with its outcome,
 * and never updated, so that room only doubled the table's pages, and with them the pages every checkpoint writes.
 * Pages already written keep their layout; new ones are filled.
 */
export class AttemptsFullPages1764200000000 implements MigrationInterface {
  name = 'AttemptsFullPages1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "execution"."order_attempts" RESET (fillfactor)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "execution"."order_attempts" SET (fillfactor = 50)');
  }
}
