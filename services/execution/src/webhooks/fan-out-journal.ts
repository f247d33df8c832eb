import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { LogEventV1, WebhookResultV1 } from '@app/contracts';
import type { DataSource } from 'typeorm';
import type { OrderAttemptEntity } from '../entities/order-attempt.entity';
import type { WebhookStatus } from '../entities/webhook.entity';
import type { NewAttempt } from './journal.repository';

export type AttemptOutcome = Pick<OrderAttemptEntity, 'id' | 'status' | 'orderId' | 'error' | 'durationMs'>;

export interface FanOutEnd {
  status: WebhookStatus;
  response: WebhookResultV1;
  events: LogEventV1[];
}

/**
 * The journal writes of one fan-out, one statement each (the webhook hot path; see docs/performance.md):
 * every attempt row (and so every clOrdId) before any order is sent, and every outcome plus the webhook's
 * final state after. Raw parameterised SQL: TypeORM's query building cost more than the statements.
 * Rows travel as one jsonb parameter, so a fan-out of 50 is still one short statement.
 */
@Injectable()
export class FanOutJournal {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Inserts the attempts and marks the webhook processing; the new rows, in the order given. */
  async start(webhookId: string, list: NewAttempt[]): Promise<OrderAttemptEntity[]> {
    const rows = list.map((a, i) => ({
      i, user_id: a.userId, account_id: a.accountId, account_name: a.accountName, connection_id: a.connectionId,
      cl_ord_id: a.clOrdId, kind: a.kind, request: a.request, status: a.status ?? 'pending', error: a.error ?? null,
    }));
    const inserted = await this.db.query<Array<{ id: string; cl_ord_id: string; created_at: Date }>>(
      `WITH w AS (UPDATE "execution"."webhooks" SET "status" = 'processing', "updated_at" = now() WHERE "id" = $1)
       INSERT INTO "execution"."order_attempts"
         ("webhook_id", "user_id", "account_id", "account_name", "connection_id", "cl_ord_id", "kind", "request", "status", "error")
       SELECT $1, x.user_id, x.account_id, x.account_name, x.connection_id, x.cl_ord_id, x.kind, x.request, x.status, x.error
         FROM jsonb_to_recordset($2::jsonb) AS x(i int, user_id uuid, account_id uuid, account_name text, connection_id uuid,
              cl_ord_id text, kind text, request jsonb, status text, error text)
        ORDER BY x.i
       RETURNING "id", "cl_ord_id", "created_at"`,
      [webhookId, JSON.stringify(rows)],
    );
    const byClOrdId = new Map(inserted.map((r) => [r.cl_ord_id, r]));
    return list.map((a) => {
      const row = byClOrdId.get(a.clOrdId);
      if (!row) {
        throw new Error(`attempt ${a.clOrdId} was not journalled`);
      }
      return {
        ...a, id: row.id, webhookId, status: a.status ?? 'pending', orderId: null, error: a.error ?? null, durationMs: null,
        createdAt: row.created_at, updatedAt: row.created_at,
      };
    });
  }

  /** Settles the attempts that ran and writes the webhook's final state and events. */
  async finish(webhookId: string, outcomes: AttemptOutcome[], end: FanOutEnd): Promise<void> {
    const rows = outcomes.map((o) => ({ id: o.id, status: o.status, order_id: o.orderId, error: o.error, duration_ms: o.durationMs }));
    await this.db.query(
      `WITH a AS (
         UPDATE "execution"."order_attempts" o
            SET "status" = x.status, "order_id" = x.order_id, "error" = x.error, "duration_ms" = x.duration_ms, "updated_at" = now()
           FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, status text, order_id int, error text, duration_ms int)
          WHERE o."id" = x.id)
       UPDATE "execution"."webhooks"
          SET "status" = $3, "http_status" = 200, "response" = $4::jsonb, "events" = "events" || $5::jsonb, "updated_at" = now()
        WHERE "id" = $1`,
      [webhookId, JSON.stringify(rows), end.status, JSON.stringify(end.response), JSON.stringify(end.events)],
    );
  }
}
