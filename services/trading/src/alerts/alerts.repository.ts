import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { Alert } from './entities/alert.entity';
import { AlertAccount } from './entities/alert-account.entity';
import { AlertGroup } from './entities/alert-group.entity';

/** An alert with the ids it routes to, in the user's order. */
export interface AlertRecord {
  alert: Alert;
  groupIds: string[];
  accountIds: string[];
}

/** Alerts and their destinations; every query is scoped by the owner's user id. */
@Injectable()
export class AlertsRepository {
  constructor(@InjectDataSource() readonly dataSource: DataSource) {}

  /**
   * Serializes one user's alert writes until the transaction ends, so "at most N active" holds
   * under concurrent requests on real Postgres (PGlite runs one session at a time anyway).
   */
  async lockUser(userId: string, em: EntityManager): Promise<void> {
    await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`trading.alerts:${userId}`]);
  }

  async countActive(userId: string, em: EntityManager): Promise<number> {
    return em.count(Alert, { where: { userId, status: 'active' } });
  }

  findOne(userId: string, id: string, em: EntityManager = this.dataSource.manager): Promise<Alert | null> {
    return em.findOne(Alert, { where: { id, userId } });
  }

  save(alert: Alert, em: EntityManager): Promise<Alert> {
    return em.save(alert);
  }

  async setGroups(alertId: string, groupIds: string[], em: EntityManager): Promise<void> {
    await em.delete(AlertGroup, { alertId });
    if (groupIds.length > 0) {
      await em.insert(
        AlertGroup,
        groupIds.map((groupId, position) => ({ alertId, groupId, position })),
      );
    }
  }

  async setAccounts(alertId: string, accountIds: string[], em: EntityManager): Promise<void> {
    await em.delete(AlertAccount, { alertId });
    if (accountIds.length > 0) {
      await em.insert(
        AlertAccount,
        accountIds.map((accountId, position) => ({ alertId, accountId, position })),
      );
    }
  }

  /** Which of these ids name the user's groups / the user's accounts. */
  async ownIds(table: 'groups' | 'accounts', userId: string, ids: string[], em: EntityManager): Promise<Set<string>> {
    if (ids.length === 0) {
      return new Set();
    }
    const rows = await em.query<
      {
        id: string;
      }[]
    >(`SELECT id FROM trading.${table} WHERE user_id = $1 AND id = ANY($2::uuid[])`, [userId, ids]);
    return new Set(rows.map((r) => r.id));
  }

  async list(userId: string, ids?: string[]): Promise<AlertRecord[]> {
    const em = this.dataSource.manager;
    const alerts = await em.find(Alert, {
      where: ids ? { userId, id: In(ids) } : { userId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    const alertIds = alerts.map((a) => a.id);
    if (alertIds.length === 0) {
      return [];
    }
    const groups = await em.find(AlertGroup, { where: { alertId: In(alertIds) }, order: { position: 'ASC' } });
    const accounts = await em.find(AlertAccount, { where: { alertId: In(alertIds) }, order: { position: 'ASC' } });
    return alerts.map((alert) => ({
      alert,
      groupIds: groups.filter((g) => g.alertId === alert.id).map((g) => g.groupId),
      accountIds: accounts.filter((a) => a.alertId === alert.id).map((a) => a.accountId),
    }));
  }

  async remove(userId: string, id: string, em: EntityManager = this.dataSource.manager): Promise<boolean> {
    const result = await em.delete(Alert, { id, userId });
    return (result.affected ?? 0) > 0;
  }
}
