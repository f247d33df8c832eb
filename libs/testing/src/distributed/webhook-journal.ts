import type { Pool } from 'pg';

export interface JournalWebhook {
  requestId: string;
  status: string;
  httpStatus: number | null;
  response: { successful?: number; failed?: number; total?: number } | null;
}

const FINAL = ['completed', 'partial', 'failed', 'rejected', 'duplicate'];

/** Reads execution's journal (trade logs and read model) straight from its schema, whatever process is up. */
export class WebhookJournal {
  constructor(private readonly pg: Pool) {}

  async hasRoute(alertId: string): Promise<boolean> {
    const r = await this.pg.query('SELECT 1 FROM "execution"."alert_routes" WHERE "alert_id" = $1', [alertId]);
    return r.rowCount === 1;
  }

  async hasConnection(connectionId: string): Promise<boolean> {
    const r = await this.pg.query('SELECT 1 FROM "execution"."broker_connections" WHERE "connection_id" = $1', [
      connectionId,
    ]);
    return r.rowCount === 1;
  }

  /** The accounts of a connection as execution's read model has them. */
  async accountsOf(connectionId: string): Promise<Array<{ id: string; brokerAccountId: number; name: string }>> {
    const r = await this.pg.query<{ accounts: Array<{ id: string; brokerAccountId: number; name: string }> }>(
      'SELECT "accounts" FROM "execution"."broker_connections" WHERE "connection_id" = $1',
      [connectionId],
    );
    return (r.rows[0]?.accounts ?? []).map(({ id, brokerAccountId, name }) => ({ id, brokerAccountId, name }));
  }

  /** Every trade log row of these requests (a request logged twice shows up twice). */
  async webhooks(requestIds: string[]): Promise<JournalWebhook[]> {
    const r = await this.pg.query<JournalWebhook>(
      'SELECT "request_id" AS "requestId", "status", "http_status" AS "httpStatus", "response" FROM "execution"."webhooks" WHERE "request_id" = ANY($1) ORDER BY "created_at"',
      [requestIds],
    );
    return r.rows;
  }

  /** True once every request has a trade log row and none is still received/processing. */
  async allFinal(requestIds: string[]): Promise<boolean> {
    const rows = await this.webhooks(requestIds);
    const seen = new Set(rows.map((w) => w.requestId));
    return requestIds.every((id) => seen.has(id)) && rows.every((w) => FINAL.includes(w.status));
  }

  /** How many distinct instances have claimed (worked on) a webhook so far. */
  async claimants(): Promise<number> {
    const r = await this.pg.query<{ n: number }>(
      'SELECT count(DISTINCT "claimed_by")::int AS "n" FROM "execution"."webhooks"',
    );
    return r.rows[0].n;
  }
}
