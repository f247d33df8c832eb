import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A webhook's row is updated in place (a HOT update), with no new entry in any of its indexes. Its one update, the
 * fan-out's outcome, changed `status`, which two partial indexes named: every update then added an entry to each of
 * the table's indexes, and every vacuum of the table read each index whole, a pass that held the embedded
 * database's one session longer the longer the journal grew (41 → 127 ms within five minutes at 320/s;
 * docs/performance.md). No index names `status` now:
 * - The exactly-once index keys executing rows by `executes`, which is written with the row and never changed
 *   (a rejection or a duplicate record does not execute).
 * - The resume sweep finds unfinished webhooks in `unfinished_webhooks`, a row per webhook still to finish: written
 *   with the webhook, deleted with its outcome, in the same statements.
 * - Seven tenths of each new page are left free, room for the outcomes of the rows written there: an outcome (ten
 *   accounts' results and events) is twice the row, and a few more webhooks are journalled on the same page before
 *   it comes. With half left free, a third of the updates found no room and were not HOT.
 */
export class WebhooksHotUpdates1764500000000 implements MigrationInterface {
  name = 'WebhooksHotUpdates1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "execution"."webhooks" ADD COLUMN "executes" boolean NOT NULL DEFAULT false');
    await q.query(
      `UPDATE "execution"."webhooks" SET "executes" = true WHERE "status" NOT IN ('rejected', 'duplicate')`,
    );
    await q.query(
      'CREATE UNIQUE INDEX "uq_webhooks_request_executes" ON "execution"."webhooks" ("request_id") WHERE "executes"',
    );
    await q.query('DROP INDEX "execution"."uq_webhooks_request_executed"');
    await q.query('CREATE TABLE "execution"."unfinished_webhooks" ("webhook_id" uuid PRIMARY KEY)');
    await q.query(
      `INSERT INTO "execution"."unfinished_webhooks" ("webhook_id") SELECT "id" FROM "execution"."webhooks" WHERE "status" IN ('received', 'processing')`,
    );
    await q.query('DROP INDEX "execution"."ix_webhooks_unfinished"');
    await q.query('ALTER TABLE "execution"."webhooks" SET (fillfactor = 30)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "execution"."webhooks" RESET (fillfactor)');
    await q.query(
      `CREATE INDEX "ix_webhooks_unfinished" ON "execution"."webhooks" ("status") WHERE "status" IN ('received', 'processing')`,
    );
    await q.query('DROP TABLE "execution"."unfinished_webhooks"');
    await q.query(
      `CREATE UNIQUE INDEX "uq_webhooks_request_executed" ON "execution"."webhooks" ("request_id") WHERE "status" NOT IN ('rejected', 'duplicate')`,
    );
    await q.query('DROP INDEX "execution"."uq_webhooks_request_executes"');
    await q.query('ALTER TABLE "execution"."webhooks" DROP COLUMN "executes"');
  }
}
