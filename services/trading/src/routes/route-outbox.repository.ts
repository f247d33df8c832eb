import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { jsonbParam } from '@app/database';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';

/** An alert whose route is still to be published: changed (publish its route as it is then) or removed. */
export interface OutboxEntry {
  id: string;
  alertId: string;
  userId: string;
  removed: boolean;
  correlationId: string;
}

interface OutboxRow {
  id: string;
  alert_id: string;
  user_id: string;
  removed: boolean;
  correlation_id: string;
}

/** trading.route_outbox: written inside the transaction of the change, read and emptied by RoutesService.flush. */
@Injectable()
export class RouteOutboxRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records the entries in the caller's transaction (`em`), so they commit or roll back with the change. */
  async add(em: EntityManager, entries: Array<Omit<OutboxEntry, 'id'>>): Promise<void> {
    if (entries.length === 0) {
      return;
    }
    await em.query(
      `INSERT INTO trading.route_outbox (alert_id, user_id, removed, correlation_id)
       SELECT alert_id, user_id, removed, correlation_id
         FROM jsonb_to_recordset($1::jsonb) AS e(alert_id uuid, user_id uuid, removed boolean, correlation_id text)`,
      [
        jsonbParam(
          entries.map((e) => ({
            alert_id: e.alertId,
            user_id: e.userId,
            removed: e.removed,
            correlation_id: e.correlationId,
          })),
        ),
      ],
    );
  }

  /** The oldest entries, in the order they were recorded. */
  async oldest(limit: number): Promise<OutboxEntry[]> {
    const rows = await this.dataSource.query<OutboxRow[]>(
      'SELECT id::text AS id, alert_id, user_id, removed, correlation_id FROM trading.route_outbox ORDER BY id LIMIT $1',
      [limit],
    );
    return rows.map((r) => ({
      id: r.id,
      alertId: r.alert_id,
      userId: r.user_id,
      removed: r.removed,
      correlationId: r.correlation_id,
    }));
  }

  async remove(ids: string[]): Promise<void> {
    await this.dataSource.query('DELETE FROM trading.route_outbox WHERE id = ANY($1::bigint[])', [ids]);
  }
}
