import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One instance at a time works on an unfinished webhook: a lease (claimed_by, claim_expires) taken
 * with a conditional UPDATE and renewed while the fan-out runs. A request id has at most one
 * executable row, so a Kafka redelivery can never journal (and place) the same webhook twice.
 */
export class WebhookClaims1763900000000 implements MigrationInterface {
  name = 'WebhookClaims1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE "execution"."webhooks" ADD COLUMN "claimed_by" text, ADD COLUMN "claim_expires" timestamptz',
    );
    await q.query(
      `CREATE UNIQUE INDEX "uq_webhooks_request_executed" ON "execution"."webhooks" ("request_id") WHERE "status" NOT IN ('rejected', 'duplicate')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "execution"."uq_webhooks_request_executed"');
    await q.query('ALTER TABLE "execution"."webhooks" DROP COLUMN "claimed_by", DROP COLUMN "claim_expires"');
  }
}
