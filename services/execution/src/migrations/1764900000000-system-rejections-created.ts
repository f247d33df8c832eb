import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks sent to an unknown secret are found by age, so that the trade log's retention (TRADE_LOG_RETENTION_DAYS)
 * removes the old ones without reading the whole table: anyone who knows the product's address can add to it.
 */
export class SystemRejectionsCreated1764900000000 implements MigrationInterface {
  name = 'SystemRejectionsCreated1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX "ix_system_rejections_created" ON "execution"."system_rejections" ("created_at")');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "execution"."ix_system_rejections_created"');
  }
}
