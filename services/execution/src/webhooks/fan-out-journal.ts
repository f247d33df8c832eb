import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { LogEventV1, WebhookResultV1 } from '@app/contracts';
import { GroupCommit, jsonbParam } from '@app/database';
import type { DatabaseRuntime } from '@app/database';
import type { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import type { OrderAttemptEntity } from '../entities/order-attempt.entity';
import type { WebhookStatus } from '../entities/webhook.entity';
import type { IntakeEntry } from './intake-log';
import { intakeEntries } from './journal.repository';
import type { NewAttempt } from './journal.repository';

export interface FanOutEnd {
  status: WebhookStatus;
  response: WebhookResultV1;
  events: LogEventV1[];
}

/**
 * A planned broker call as the attempt it becomes: pending unless planning already failed it, keyed by a UUIDv7
 * (ordered by time, as the webhooks' ids: every index keyed by it grows at its end, docs/performance.md).
 * Every field is named in one literal, not spread from `p`: one per account on the webhook path, a spread copy
 * followed by seven more fields allocated 1.7 kB more per account (docs/performance.md, twenty-fifth session).
 */
export function attemptOf(p: NewAttempt): OrderAttemptEntity {
  const now = new Date();
  return {
    id: uuidv7(),
    webhookId: p.webhookId,
    userId: p.userId,
    accountId: p.accountId,
    accountName: p.accountName,
    connectionId: p.connectionId,
    clOrdId: p.clOrdId,
    kind: p.kind,
    request: p.request,
    status: p.status ?? 'pending',
    orderId: null,
    error: p.error ?? null,
    durationMs: null,
    createdAt: now,
    updatedAt: now,
  };
}

interface Finish {
  webhookId: string;
  attempts: OrderAttemptEntity[];
  end: FanOutEnd;
  /** The webhook as received when its row is not written yet (standalone's intake log): the closing write inserts it. */
  unwritten?: IntakeEntry;
}

/**
 * How long a fan-out's closing write waits for other fan-outs' when the embedded database is idle (GroupCommit's
 * linger). Its orders are answered by then, so it delays only the webhook's HTTP answer and its trade-log entry, by
 * at most this. Much of the saving is the database's thread woken once for several statements instead of once for
 * each, which is why waiting only while other fan-outs were under way saved next to nothing (docs/performance.md).
 */
export const FINISH_LINGER_MS = 10;

/** The closing write's linger, injected: FINISH_LINGER_MS on the embedded database, none on a shared Postgres. */
export const FINISH_LINGER = Symbol('FINISH_LINGER');

/**
 * No linger on a shared Postgres (distributed mode): Kafka hands execution one partition's webhooks one after
 * another, each finished before the next, so a linger batches nothing there and every webhook of an alert's burst
 * would wait it out in turn (fan-out 10 sustained 160/s without it, 50/s with it). Nor is there a thread to wake.
 */
export const finishLingerFor = (database: DatabaseRuntime['kind']): number =>
  database === 'pglite' ? FINISH_LINGER_MS : 0;

/**
 * The journal's write at the end of a fan-out (the webhook hot path; see docs/performance.md): every attempt
 * with its outcome, and the webhook's final state, in one statement for all the fan-outs that end together
 * (group commit), so a burst of webhooks shares the statement's fixed cost. Raw parameterised SQL, rows as one
 * jsonb parameter: a fan-out of 50 is still short.
 *
 * An attempt is written once, when its outcome is known, not pending before it is sent: its clOrdId follows
 * from the request id, the account and the leg (`clOrdIdOf`), so a fan-out cut short by a crash is finished by
 * planning it again and looking every account's order up by that clOrdId before placing it (ResumeService).
 * Attempts an earlier version journalled pending are settled in place (`settle`).
 * On the embedded database the write lingers (FINISH_LINGER_MS) for the fan-outs that end just after it.
 */
@Injectable()
export class FanOutJournal {
  private readonly inserts: GroupCommit<Finish, void>;
  private readonly settles = new GroupCommit<Finish, void>((batch) => this.settleAll(batch));

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(FINISH_LINGER) lingerMs: number,
  ) {
    this.inserts = new GroupCommit<Finish, void>((batch) => this.insertAll(batch), { lingerMs });
  }

  /**
   * Inserts every attempt with its outcome and writes the webhook's final state and events: its row is updated, or
   * inserted whole when `unwritten` holds it as received (the intake log's webhooks, journalled once).
   */
  finish(webhookId: string, attempts: OrderAttemptEntity[], end: FanOutEnd, unwritten?: IntakeEntry): Promise<void> {
    return this.inserts.run({ webhookId, attempts, end, unwritten });
  }

  /** Settles attempts that were journalled pending (by a version that wrote them before sending), and the webhook. */
  settle(webhookId: string, attempts: OrderAttemptEntity[], end: FanOutEnd): Promise<void> {
    return this.settles.run({ webhookId, attempts, end });
  }

  private async insertAll(batch: Finish[]): Promise<void[]> {
    const attempts = batch.flatMap((f) =>
      f.attempts.map((a) => ({
        id: a.id,
        webhook_id: f.webhookId,
        user_id: a.userId,
        account_id: a.accountId,
        account_name: a.accountName,
        connection_id: a.connectionId,
        cl_ord_id: a.clOrdId,
        kind: a.kind,
        request: a.request,
        status: a.status,
        order_id: a.orderId,
        error: a.error,
        duration_ms: a.durationMs,
      })),
    );
    const written = batch.filter((f) => !f.unwritten);
    // The new rows are inserted before the attempts that refer to them; the foreign key is checked at the statement's end.
    await this.db.query(
      `WITH n AS (
         INSERT INTO "execution"."webhooks" ("id", "user_id", "request_id", "alert_id", "alert_name", "symbol", "action", "status", "executes", "request", "raw_body",
                "body_hash", "events", "http_status", "response", "created_at")
         SELECT x."id", x."userId", x."requestId", x."alertId", x."alertName", x."symbol", x."action", x."status", true, x."request", x."rawBody",
                x."bodyHash", x."events", 200, x."response", x."createdAt"
           FROM ${intakeEntries('$4', ', "status" text, "response" jsonb')}),
       a AS (
         INSERT INTO "execution"."order_attempts"
           ("id", "webhook_id", "user_id", "account_id", "account_name", "connection_id", "cl_ord_id", "kind", "request", "status", "order_id", "error", "duration_ms")
         SELECT x.id, x.webhook_id, x.user_id, x.account_id, x.account_name, x.connection_id, x.cl_ord_id, x.kind, x.request, x.status, x.order_id, x.error, x.duration_ms
           FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, webhook_id uuid, user_id uuid, account_id uuid, account_name text, connection_id uuid,
                cl_ord_id text, kind text, request jsonb, status text, order_id int, error text, duration_ms int))
       ${finalWebhooks('$2', '$3')}`,
      [
        jsonbParam(attempts),
        jsonbParam(webhooksOf(written)),
        written.map((f) => f.webhookId),
        jsonbParam(newRowsOf(batch)),
      ],
    );
    return batch.map(() => undefined);
  }

  private async settleAll(batch: Finish[]): Promise<void[]> {
    const outcomes = batch.flatMap((f) =>
      f.attempts.map((o) => ({
        id: o.id,
        status: o.status,
        order_id: o.orderId,
        error: o.error,
        duration_ms: o.durationMs,
      })),
    );
    // The `= ANY` arrays repeat the ids so that both updates find their rows by primary key: joined with
    // jsonb_to_recordset alone (which the planner guesses at 100 rows), Postgres hashes it and reads the
    // whole table, a cost that grows with the journal.
    await this.db.query(
      `WITH a AS (
         UPDATE "execution"."order_attempts" o
            SET "status" = x.status, "order_id" = x.order_id, "error" = x.error, "duration_ms" = x.duration_ms, "updated_at" = now()
           FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, status text, order_id int, error text, duration_ms int)
          WHERE o."id" = x.id AND o."id" = ANY($4::uuid[]))
       ${finalWebhooks('$2', '$3')}`,
      [jsonbParam(outcomes), jsonbParam(webhooksOf(batch)), batch.map((f) => f.webhookId), outcomes.map((o) => o.id)],
    );
    return batch.map(() => undefined);
  }
}

/**
 * The webhooks' final state: `rows` the parameter holding them as jsonb, `ids` their ids again (by primary key, see
 * settleAll). Follows a `WITH a AS (…)`; they also leave the resume sweep's list of unfinished webhooks.
 */
const finalWebhooks = (
  rows: string,
  ids: string,
): string => `, f AS (DELETE FROM "execution"."unfinished_webhooks" WHERE "webhook_id" = ANY(${ids}::uuid[]))
       UPDATE "execution"."webhooks" w
          SET "status" = x.status, "http_status" = 200, "response" = x.response, "events" = w."events" || x.events, "updated_at" = now()
         FROM jsonb_to_recordset(${rows}::jsonb) AS x(id uuid, status text, response jsonb, events jsonb)
        WHERE w."id" = x.id AND w."id" = ANY(${ids}::uuid[])`;

/** The rows of the batch's unwritten webhooks, whole: as received, with the outcome and every event after it. */
const newRowsOf = (batch: Finish[]) =>
  batch.flatMap(({ unwritten: w, end }) =>
    w ? [{ ...w, status: end.status, response: end.response, events: [...w.events, ...end.events] }] : [],
  );

const webhooksOf = (batch: Finish[]) =>
  batch.map((f) => ({ id: f.webhookId, status: f.end.status, response: f.end.response, events: f.end.events }));
