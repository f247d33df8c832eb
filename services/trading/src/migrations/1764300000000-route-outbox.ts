import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The alerts whose routes are still to be published, written in the same transaction as the change that
 * touched them (a transactional outbox, see RoutesService): a crash or a broker outage between the commit and
 * the publish leaves the row behind instead of losing the event.
 */
export class RouteOutbox1764300000000 implements MigrationInterface {
  name = 'RouteOutbox1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "trading"."route_outbox" (
        "id" bigserial PRIMARY KEY,
        "alert_id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "removed" boolean NOT NULL DEFAULT false,
        "correlation_id" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "trading"."route_outbox"');
  }
}
