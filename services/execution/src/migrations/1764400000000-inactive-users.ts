import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The users an administrator rejected or deactivated (auth's user-status-changed events): their webhooks are
 * refused. A table of its own rather than a flag on the webhook endpoint, so that a status arriving before
 * the user's endpoint exists is kept too. Users deactivated before this migration are not known here until
 * their status changes again.
 */
export class InactiveUsers1764400000000 implements MigrationInterface {
  name = 'InactiveUsers1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "execution"."inactive_users" (
      "user_id" uuid PRIMARY KEY,
      "since" timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "execution"."inactive_users"');
  }
}
