import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Groups, alerts, and the projection of the connections service's events they refer to. Foreign
 * keys inside this schema make "a removed connection, account or group leaves every group and alert"
 * a property of the data, not of code that might forget.
 */
export class GroupsAlerts1763800000000 implements MigrationInterface {
  name = 'GroupsAlerts1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "trading"."connections" (
        "id" uuid PRIMARY KEY,
        "user_id" uuid NOT NULL,
        "nickname" text NOT NULL,
        "username" text,
        "environment" text NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX "IDX_trading_connections_user" ON "trading"."connections" ("user_id");

      CREATE TABLE "trading"."accounts" (
        "id" uuid PRIMARY KEY,
        "connection_id" uuid NOT NULL REFERENCES "trading"."connections" ("id") ON DELETE CASCADE,
        "user_id" uuid NOT NULL,
        "name" text NOT NULL,
        "account_type" text NOT NULL,
        "environment" text NOT NULL
      );
      CREATE INDEX "IDX_trading_accounts_connection" ON "trading"."accounts" ("connection_id");
      CREATE INDEX "IDX_trading_accounts_user" ON "trading"."accounts" ("user_id");

      CREATE TABLE "trading"."groups" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "name" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX "UQ_trading_groups_user_name" ON "trading"."groups" ("user_id", lower("name"));

      CREATE TABLE "trading"."group_connections" (
        "group_id" uuid NOT NULL REFERENCES "trading"."groups" ("id") ON DELETE CASCADE,
        "connection_id" uuid NOT NULL REFERENCES "trading"."connections" ("id") ON DELETE CASCADE,
        "position" integer NOT NULL,
        PRIMARY KEY ("group_id", "connection_id")
      );
      CREATE INDEX "IDX_trading_group_connections_connection" ON "trading"."group_connections" ("connection_id");

      CREATE TABLE "trading"."alerts" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "name" text NOT NULL,
        "symbol" text,
        "symbol_id" integer,
        "status" text NOT NULL,
        "source" text NOT NULL,
        "atm_enabled" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX "IDX_trading_alerts_user_status" ON "trading"."alerts" ("user_id", "status");

      CREATE TABLE "trading"."alert_groups" (
        "alert_id" uuid NOT NULL REFERENCES "trading"."alerts" ("id") ON DELETE CASCADE,
        "group_id" uuid NOT NULL REFERENCES "trading"."groups" ("id") ON DELETE CASCADE,
        "position" integer NOT NULL,
        PRIMARY KEY ("alert_id", "group_id")
      );
      CREATE INDEX "IDX_trading_alert_groups_group" ON "trading"."alert_groups" ("group_id");

      CREATE TABLE "trading"."alert_accounts" (
        "alert_id" uuid NOT NULL REFERENCES "trading"."alerts" ("id") ON DELETE CASCADE,
        "account_id" uuid NOT NULL REFERENCES "trading"."accounts" ("id") ON DELETE CASCADE,
        "position" integer NOT NULL,
        PRIMARY KEY ("alert_id", "account_id")
      );
      CREATE INDEX "IDX_trading_alert_accounts_account" ON "trading"."alert_accounts" ("account_id");
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE "trading"."alert_accounts";
      DROP TABLE "trading"."alert_groups";
      DROP TABLE "trading"."alerts";
      DROP TABLE "trading"."group_connections";
      DROP TABLE "trading"."groups";
      DROP TABLE "trading"."accounts";
      DROP TABLE "trading"."connections";
    `);
  }
}
