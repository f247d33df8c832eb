import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Webhook endpoints, the webhook/attempt journal (trade logs) and the read model of routes and connections. */
export class ExecutionTables1763800000000 implements MigrationInterface {
  name = 'ExecutionTables1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "execution"."webhook_endpoints" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "secret_hash" text NOT NULL,
      "secret_encrypted" text NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now())`);
    await q.query('CREATE UNIQUE INDEX "uq_webhook_endpoints_user" ON "execution"."webhook_endpoints" ("user_id")');
    await q.query('CREATE UNIQUE INDEX "uq_webhook_endpoints_hash" ON "execution"."webhook_endpoints" ("secret_hash")');
    await q.query(`CREATE TABLE "execution"."webhooks" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "request_id" text NOT NULL,
      "alert_id" uuid,
      "alert_name" text,
      "symbol" text,
      "action" text,
      "status" text NOT NULL,
      "http_status" integer,
      "request" jsonb NOT NULL,
      "raw_body" text NOT NULL,
      "body_hash" text NOT NULL,
      "response" jsonb,
      "events" jsonb NOT NULL DEFAULT '[]'::jsonb,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now())`);
    await q.query('CREATE INDEX "ix_webhooks_user_created" ON "execution"."webhooks" ("user_id", "created_at")');
    await q.query('CREATE INDEX "ix_webhooks_request_id" ON "execution"."webhooks" ("request_id")');
    await q.query(
      'CREATE INDEX "ix_webhooks_unfinished" ON "execution"."webhooks" ("status") WHERE "status" IN (\'received\', \'processing\')',
    );
    await q.query(`CREATE TABLE "execution"."order_attempts" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "webhook_id" uuid NOT NULL REFERENCES "execution"."webhooks" ("id") ON DELETE CASCADE,
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
    await q.query('CREATE INDEX "ix_order_attempts_webhook" ON "execution"."order_attempts" ("webhook_id")');
    await q.query('CREATE INDEX "ix_order_attempts_user" ON "execution"."order_attempts" ("user_id")');
    await q.query('CREATE UNIQUE INDEX "uq_order_attempts_cl_ord_id" ON "execution"."order_attempts" ("cl_ord_id")');
    await q.query(`CREATE TABLE "execution"."alert_routes" (
      "alert_id" uuid PRIMARY KEY, "user_id" uuid NOT NULL, "route" jsonb NOT NULL)`);
    await q.query('CREATE INDEX "ix_alert_routes_user" ON "execution"."alert_routes" ("user_id")');
    await q.query(`CREATE TABLE "execution"."broker_connections" (
      "connection_id" uuid PRIMARY KEY, "user_id" uuid NOT NULL, "environment" text NOT NULL,
      "accounts" jsonb NOT NULL, "access_token_encrypted" text, "expires_at" timestamptz)`);
    await q.query('CREATE INDEX "ix_broker_connections_user" ON "execution"."broker_connections" ("user_id")');
    await q.query(`CREATE TABLE "execution"."system_rejections" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(), "request_id" text NOT NULL, "reason" text NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'system_rejections',
      'broker_connections',
      'alert_routes',
      'order_attempts',
      'webhooks',
      'webhook_endpoints',
    ]) {
      await q.query(`DROP TABLE IF EXISTS "execution"."${t}"`);
    }
  }
}
