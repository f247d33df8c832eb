import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AlertRouteChangedV1 } from '@app/contracts';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';

interface AlertRow {
  id: string;
  user_id: string;
  name: string;
  status: 'active' | 'inactive';
  symbol: string | null;
  symbol_id: number | null;
}
interface TargetRow {
  alert_id: string;
  account_id: string;
  connection_id: string;
}

/** Reads how alerts route, and which alerts a change to a group, connection or account touches. */
@Injectable()
export class RoutesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The routes of the given alerts that exist (scoped to `userId` when given), targets resolved and each once. */
  async resolve(
    alertIds: string[],
    userId: string | null,
    em: EntityManager = this.dataSource.manager,
  ): Promise<AlertRouteChangedV1[]> {
    if (alertIds.length === 0) {
      return [];
    }
    const alerts = await em.query<AlertRow[]>(
      `SELECT id, user_id, name, status, symbol, symbol_id FROM trading.alerts
       WHERE id = ANY($1::uuid[]) AND ($2::uuid IS NULL OR user_id = $2::uuid) ORDER BY created_at, id`,
      [alertIds, userId],
    );
    if (alerts.length === 0) {
      return [];
    }
    const ids = alerts.map((a) => a.id);
    const groups = await em.query<{ alert_id: string; group_id: string }[]>(
      'SELECT alert_id, group_id FROM trading.alert_groups WHERE alert_id = ANY($1::uuid[]) ORDER BY position',
      [ids],
    );
    // Accounts of every connection of the alert's groups first (in the user's order), then its own accounts.
    const targets = await em.query<TargetRow[]>(
      `SELECT alert_id, account_id, connection_id FROM (
         SELECT ag.alert_id, a.id AS account_id, a.connection_id, 0 AS src, ag.position AS p1, gc.position AS p2, a.name
         FROM trading.alert_groups ag
         JOIN trading.group_connections gc ON gc.group_id = ag.group_id
         JOIN trading.accounts a ON a.connection_id = gc.connection_id
         WHERE ag.alert_id = ANY($1::uuid[])
         UNION ALL
         SELECT aa.alert_id, a.id, a.connection_id, 1, aa.position, 0, a.name
         FROM trading.alert_accounts aa JOIN trading.accounts a ON a.id = aa.account_id
         WHERE aa.alert_id = ANY($1::uuid[])
       ) t ORDER BY src, p1, p2, name, account_id`,
      [ids],
    );
    return alerts.map((a) => ({
      alertId: a.id,
      userId: a.user_id,
      name: a.name,
      status: a.status,
      symbol: a.symbol,
      symbolId: a.symbol_id,
      groupIds: groups.filter((g) => g.alert_id === a.id).map((g) => g.group_id),
      targets: uniqueTargets(targets.filter((t) => t.alert_id === a.id)),
    }));
  }

  /** Alerts that route through any of these groups. */
  async alertsUsingGroups(groupIds: string[], em: EntityManager = this.dataSource.manager): Promise<string[]> {
    return ids(
      await em.query('SELECT DISTINCT alert_id AS id FROM trading.alert_groups WHERE group_id = ANY($1::uuid[])', [
        groupIds,
      ]),
    );
  }

  /** Alerts that route to any account of this connection: through a group holding it, or directly. */
  async alertsUsingConnection(connectionId: string, em: EntityManager = this.dataSource.manager): Promise<string[]> {
    return ids(
      await em.query(
        `SELECT ag.alert_id AS id FROM trading.alert_groups ag
           JOIN trading.group_connections gc ON gc.group_id = ag.group_id WHERE gc.connection_id = $1
         UNION
         SELECT aa.alert_id FROM trading.alert_accounts aa
           JOIN trading.accounts a ON a.id = aa.account_id WHERE a.connection_id = $1`,
        [connectionId],
      ),
    );
  }
}

const ids = (rows: unknown): string[] => (rows as { id: string }[]).map((r) => r.id);

const uniqueTargets = (rows: TargetRow[]): AlertRouteChangedV1['targets'] => {
  const seen = new Set<string>();
  const out: AlertRouteChangedV1['targets'] = [];
  for (const r of rows) {
    if (!seen.has(r.account_id)) {
      seen.add(r.account_id);
      out.push({ accountId: r.account_id, connectionId: r.connection_id });
    }
  }
  return out;
};
