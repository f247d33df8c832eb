import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ConnectionChangedV1 } from '@app/contracts';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { AccountProjection } from './entities/account-projection.entity';
import { ConnectionProjection } from './entities/connection-projection.entity';

/** Trading's copy of the connections and accounts it may route to. */
@Injectable()
export class ProjectionRepository {
  constructor(@InjectDataSource() readonly dataSource: DataSource) {}

  async accountIdsOf(connectionId: string, em: EntityManager): Promise<string[]> {
    const rows = await em.find(AccountProjection, { where: { connectionId }, select: { id: true } });
    return rows.map((r) => r.id);
  }

  async saveConnection(c: ConnectionChangedV1, em: EntityManager): Promise<void> {
    await em.upsert(
      ConnectionProjection,
      {
        id: c.connectionId,
        userId: c.userId,
        nickname: c.nickname,
        username: c.username ?? null,
        environment: c.environment,
        updatedAt: new Date(),
      },
      ['id'],
    );
    const keep = c.accounts.map((a) => a.id);
    // Removing an account cascades it out of every alert (FK in the migration).
    await em.query('DELETE FROM trading.accounts WHERE connection_id = $1 AND NOT (id = ANY($2::uuid[]))', [
      c.connectionId,
      keep,
    ]);
    if (c.accounts.length > 0) {
      await em.upsert(
        AccountProjection,
        c.accounts.map((a) => ({
          id: a.id,
          connectionId: c.connectionId,
          userId: c.userId,
          name: a.name,
          accountType: a.accountType,
          environment: a.environment,
        })),
        ['id'],
      );
    }
  }

  /** Removes the connection; its accounts, group memberships and alert targets go with it (FK cascades). */
  async removeConnection(connectionId: string, userId: string, em: EntityManager): Promise<void> {
    await em.delete(ConnectionProjection, { id: connectionId, userId });
  }

  /** Every row trading holds for a user; answers the ids of the alerts that were removed. */
  async removeUser(userId: string, em: EntityManager): Promise<string[]> {
    const alerts = (await em.query('DELETE FROM trading.alerts WHERE user_id = $1 RETURNING id', [userId])) as unknown;
    await em.query('DELETE FROM trading.groups WHERE user_id = $1', [userId]);
    await em.query('DELETE FROM trading.connections WHERE user_id = $1', [userId]);
    await em.query('DELETE FROM trading.accounts WHERE user_id = $1', [userId]);
    return returnedIds(alerts);
  }
}

/** node-postgres answers a DELETE ... RETURNING as [rows, count] through TypeORM; PGlite as rows. */
const returnedIds = (result: unknown): string[] => {
  const rows = Array.isArray(result) && Array.isArray(result[0]) ? (result[0] as unknown[]) : (result as unknown[]);
  return (rows as { id: string }[]).map((r) => r.id);
};
