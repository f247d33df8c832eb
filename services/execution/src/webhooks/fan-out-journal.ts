import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { LogEventV1, WebhookResultV1 } from '@app/contracts';
import { GroupCommit, jsonbParam } from '@app/database';
import type { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import type { OrderAttemptEntity } from '../entities/order-attempt.entity';
import type { WebhookStatus } from '../entities/webhook.entity';
import type { NewAttempt } from './journal.repository';

export type AttemptOutcome = Pick<OrderAttemptEntity, 'id' | 'status' | 'orderId' | 'error' | 'durationMs'>;

export interface FanOutEnd {
  status: WebhookStatus;
  response: WebhookResultV1;
  events: LogEventV1[];
}

interface Start {
  webhookId: string;
  list: NewAttempt[];
}

interface Finish {
  webhookId: string;
  outcomes: AttemptOutcome[];
  end: FanOutEnd;
}

type Inserted = { id: string; cl_ord_id: string; created_at: Date };

/**
 * The journal writes of a fan-out (the webhook hot path; see docs/performance.md): every attempt row (and so
 * every clOrdId) before any order is sent, and every outcome plus the webhook's final state after. Each is one
 * statement for all the fan-outs that reach it together (group commit), so a burst of webhooks shares the
 * statements' fixed cost. Raw parameterised SQL, rows as one jsonb parameter: a fan-out of 50 is still short.
 */
@Injectable()
export class FanOutJournal {
  private readonly starts = new GroupCommit<Start, Array<Inserted | undefined>>((batch) => this.startAll(batch));
  private readonly finishes = new GroupCommit<Finish, void>((batch) => this.finishAll(batch));

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Inserts the attempts and marks the webhook processing; the new rows, in the order given. */
  async start(webhookId: string, list: NewAttempt[]): Promise<OrderAttemptEntity[]> {
    const inserted = await this.starts.run({ webhookId, list });
    return list.map((a, i) => {
      const row = inserted[i];
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
  finish(webhookId: string, outcomes: AttemptOutcome[], end: FanOutEnd): Promise<void> {
    return this.finishes.run({ webhookId, outcomes, end });
  }

  /** Each fan-out's rows in the order of its list (undefined where a row did not come back); ids are UUIDv7, as the webhooks'. */
  private async startAll(batch: Start[]): Promise<Array<Array<Inserted | undefined>>> {
    const rows = batch.flatMap(({ webhookId, list }) => list.map((a) => ({
      id: uuidv7(), webhook_id: webhookId, user_id: a.userId, account_id: a.accountId, account_name: a.accountName, connection_id: a.connectionId,
      cl_ord_id: a.clOrdId, kind: a.kind, request: a.request, status: a.status ?? 'pending', error: a.error ?? null,
    })));
    const inserted = await this.db.query<Inserted[]>(
      `WITH w AS (UPDATE "execution"."webhooks" SET "status" = 'processing', "updated_at" = now() WHERE "id" = ANY($1::uuid[]))
       INSERT INTO "execution"."order_attempts"
         ("id", "webhook_id", "user_id", "account_id", "account_name", "connection_id", "cl_ord_id", "kind", "request", "status", "error")
       SELECT x.id, x.webhook_id, x.user_id, x.account_id, x.account_name, x.connection_id, x.cl_ord_id, x.kind, x.request, x.status, x.error
         FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, webhook_id uuid, user_id uuid, account_id uuid, account_name text, connection_id uuid,
              cl_ord_id text, kind text, request jsonb, status text, error text)
       RETURNING "id", "cl_ord_id", "created_at"`,
      [batch.map((s) => s.webhookId), jsonbParam(rows)],
    );
    const byClOrdId = new Map(inserted.map((r) => [r.cl_ord_id, r]));
    return batch.map(({ list }) => list.map((a) => byClOrdId.get(a.clOrdId)));
  }

  private async finishAll(batch: Finish[]): Promise<void[]> {
    const outcomes = batch.flatMap((f) => f.outcomes.map((o) => ({ id: o.id, status: o.status, order_id: o.orderId, error: o.error, duration_ms: o.durationMs })));
    const webhooks = batch.map((f) => ({ id: f.webhookId, status: f.end.status, response: f.end.response, events: f.end.events }));
    // The `= ANY` arrays repeat the ids so that both updates find their rows by primary key: joined with
    // jsonb_to_recordset alone (which the planner guesses at 100 rows), Postgres hashes it and reads the
    // whole table, a cost that grows with the journal.
    await this.db.query(
      `WITH a AS (
         UPDATE "execution"."order_attempts" o
            SET "status" = x.status, "order_id" = x.order_id, "error" = x.error, "duration_ms" = x.duration_ms, "updated_at" = now()
           FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, status text, order_id int, error text, duration_ms int)
          WHERE o."id" = x.id AND o."id" = ANY($3::uuid[]))
       UPDATE "execution"."webhooks" w
          SET "status" = x.status, "http_status" = 200, "response" = x.response, "events" = w."events" || x.events, "updated_at" = now()
         FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, status text, response jsonb, events jsonb)
        WHERE w."id" = x.id AND w."id" = ANY($4::uuid[])`,
      [jsonbParam(outcomes), jsonbParam(webhooks), outcomes.map((o) => o.id), webhooks.map((w) => w.id)],
    );
    return batch.map(() => undefined);
  }
}
