import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateConnections1763800000000 implements MigrationInterface {
  name = 'CreateConnections1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "connections"."connections" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "nickname" text NOT NULL,
        "username" text,
        "environment" text NOT NULL CHECK ("environment" IN ('demo', 'live')),
        "auth_type" text NOT NULL CHECK ("auth_type" IN ('credentials', 'oauth')),
        "password_enc" text,
        "app_id" text NOT NULL,
        "app_version" text NOT NULL,
        "device_id" text NOT NULL,
        "cid" integer,
        "sec_enc" text,
        "status" text NOT NULL CHECK ("status" IN ('connected', 'active', 'expired', 'error')),
        "connected_accounts" jsonb NOT NULL DEFAULT '[]'::jsonb,
        "last_sync_at" timestamptz,
        "access_token_enc" text,
        "token_expires_at" timestamptz,
        "refresh_token_enc" text,
        "broker_user_id" integer,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX "ix_connections_user" ON "connections"."connections" ("user_id")');
    await q.query(`
      CREATE TABLE "connections"."broker_accounts" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "connection_id" uuid NOT NULL REFERENCES "connections"."connections" ("id") ON DELETE CASCADE,
        "user_id" uuid NOT NULL,
        "broker_account_id" integer NOT NULL,
        "name" text NOT NULL,
        "account_type" text NOT NULL,
        "environment" text NOT NULL CHECK ("environment" IN ('demo', 'live')),
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX "ix_broker_accounts_user" ON "connections"."broker_accounts" ("user_id")');
    await q.query(
      'CREATE UNIQUE INDEX "ux_broker_accounts_connection_account" ON "connections"."broker_accounts" ("connection_id", "environment", "broker_account_id")',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS "connections"."broker_accounts"');
    await q.query('DROP TABLE IF EXISTS "connections"."connections"');
  }
}
