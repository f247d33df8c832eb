import type { MigrationInterface, QueryRunner } from 'typeorm';

const W = '"execution"."webhooks"';
const A = '"execution"."order_attempts"';

/**
 * A webhook's broker calls are kept in its own row (`attempts`, a jsonb array), no longer a row each in
 * `order_attempts`. Nothing read them but the resume of attempts journalled pending by versions before 2026-11-25 and
 * the deletion of a user or of old entries, all by webhook; yet at fan-out 10 each closing write inserted ten rows with
 * four index entries and a foreign-key check each, half of what the embedded database's thread spent on it
 * (docs/performance.md, forty-third session). Every attempt is moved into its webhook's row, in the order it was
 * written, with the fields the journal reads; its own id, user, webhook and times were its row's and follow from the
 * webhook's.
 */
export class AttemptsInWebhookRow1765000000000 implements MigrationInterface {
  name = 'AttemptsInWebhookRow1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ${W} ADD COLUMN "attempts" jsonb NOT NULL DEFAULT '[]'::jsonb`);
    await q.query(
      `UPDATE ${W} w SET "attempts" = a."list"
         FROM (SELECT "webhook_id", jsonb_agg(jsonb_build_object(
                 'accountId', "account_id", 'accountName', "account_name", 'connectionId', "connection_id",
                 'clOrdId', "cl_ord_id", 'kind', "kind", 'request', "request", 'status', "status",
                 'orderId', "order_id", 'error', "error", 'durationMs', "duration_ms")
                 ORDER BY "created_at", "account_name", "cl_ord_id") AS "list"
                 FROM ${A} GROUP BY "webhook_id") a
        WHERE w."id" = a."webhook_id"`,
    );
    await q.query(`DROP TABLE ${A}`);
  }

  /** The table as the migrations before this one left it, each attempt a row again. */
  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE ${A} (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "webhook_id" uuid NOT NULL REFERENCES ${W} ("id") ON DELETE CASCADE,
      "user_id" uuid NOT NULL,
      "account_id" uuid NOT NULL,
      "account_name" text NOT NULL,
      "connection_id" uuid NOT NULL,
      "cl_ord_id" text NOT NULL,
      "kind" text NOT NULL,
      "request" jsonb NOT NULL,
      "status" text NOT NULL,
      "order_id" integer,
      "error" text,
      "duration_ms" integer,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX "ix_order_attempts_webhook" ON ${A} ("webhook_id")`);
    await q.query(`CREATE INDEX "ix_order_attempts_user" ON ${A} ("user_id")`);
    await q.query(`CREATE UNIQUE INDEX "uq_order_attempts_cl_ord_id" ON ${A} ("cl_ord_id")`);
    await q.query(
      `ALTER TABLE ${A} SET (autovacuum_vacuum_threshold = 10000, autovacuum_vacuum_scale_factor = 0,
                            autovacuum_vacuum_insert_threshold = 1000, autovacuum_vacuum_insert_scale_factor = 0)`,
    );
    await q.query(
      `INSERT INTO ${A} ("webhook_id", "user_id", "account_id", "account_name", "connection_id", "cl_ord_id", "kind", "request", "status", "order_id", "error", "duration_ms", "created_at", "updated_at")
       SELECT w."id", w."user_id", (a->>'accountId')::uuid, a->>'accountName', (a->>'connectionId')::uuid, a->>'clOrdId', a->>'kind',
              a->'request', a->>'status', (a->>'orderId')::int, a->>'error', (a->>'durationMs')::int, w."updated_at", w."updated_at"
         FROM ${W} w CROSS JOIN LATERAL jsonb_array_elements(w."attempts") a`,
    );
    await q.query(`ALTER TABLE ${W} DROP COLUMN "attempts"`);
  }
}
