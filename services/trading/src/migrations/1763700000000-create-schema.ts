import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSchema1763700000000 implements MigrationInterface {
  name = 'CreateSchema1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE SCHEMA IF NOT EXISTS "trading"');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP SCHEMA IF EXISTS "trading" CASCADE');
  }
}
