import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Users and password reset tokens. Emails are unique as stored (the service lower-cases them). */
export class Users1763800000000 implements MigrationInterface {
  name = 'Users1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "auth"."users" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "email" text NOT NULL,
        "password_hash" text NOT NULL,
        "is_active" boolean NOT NULL DEFAULT false,
        "is_admin" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "last_login" timestamptz,
        "sessions_valid_after" timestamptz
      )`);
    await q.query('CREATE UNIQUE INDEX "users_email_key" ON "auth"."users" ("email")');
    await q.query('CREATE INDEX "users_created_at_idx" ON "auth"."users" ("created_at" DESC)');
    await q.query(`
      CREATE TABLE "auth"."reset_tokens" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "auth"."users" ("id") ON DELETE CASCADE,
        "token_hash" text NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE UNIQUE INDEX "reset_tokens_token_hash_key" ON "auth"."reset_tokens" ("token_hash")');
    await q.query('CREATE INDEX "reset_tokens_user_id_idx" ON "auth"."reset_tokens" ("user_id")');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS "auth"."reset_tokens"');
    await q.query('DROP TABLE IF EXISTS "auth"."users"');
  }
}
