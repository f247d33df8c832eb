import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { LogEventV1, WebhookResultV1 } from '@app/contracts';
import { GroupCommit, jsonbParam } from '@app/database';
import type { DatabaseRuntime } from '@app/database';
import type { DataSource } from 'typeorm';
import type { OrderAttempt } from '../entities/order-attempt';
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
 * A planned broker call as the attempt it becomes: pending unless planning already failed it.
 * Every field is named in one literal, not spread from `p`: one per account on the webhook path, a spread copy
 * followed by more fields allocated 1.7 kB more per account (docs/performance.md, twenty-fifth session).
 */
export function attemptOf(p: NewAttempt): OrderAttempt {
  return {
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
  };
}

interface Finish {
  webhookId: string;
  attempts: OrderAttempt[];
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
 * The journal's write at the end of a fan-out (the webhook hot path; see docs/performance.md): the webhook's final
 * state, its events and every attempt with its outcome, in one statement for all the fan-outs that end together
 * (group commit), so a burst of webhooks shares the statement's fixed cost. Raw parameterised SQL, rows as one jsonb
 * parameter. The attempts are a jsonb array in the webhook's own row: one row written a webhook, whatever its fan-out.
 *
 * An attempt is written once, when its outcome is known, not pending before it is sent: its clOrdId follows
 * from the request id, the account and the leg (`clOrdIdOf`), so a fan-out cut short by a crash is finished by
 * planning it again and looking every account's order up by that clOrdId before placing it (ResumeService).
 * Attempts an earlier version journalled pending are settled by the same write, which replaces them with their outcomes.
 * A webhook already finished is left as it is: of two instances finishing one webhook (a lease lost while working),
 * the first outcome stands and the second changes nothing.
 * On the embedded database the write lingers (FINISH_LINGER_MS) for the fan-outs that end just after it.
 */
@Injectable()
export class FanOutJournal {
  private readonly writes: GroupCommit<Finish, void>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(FINISH_LINGER) lingerMs: number,
  ) {
    this.writes = new GroupCommit<Finish, void>((batch) => this.finishAll(batch), { lingerMs });
  }

  /**
   * Writes the webhook's final state, its events and its attempts with their outcomes: its row is updated, or inserted
   * whole when `unwritten` holds it as received (the intake log's webhooks, journalled once).
   */
  finish(webhookId: string, attempts: OrderAttempt[], end: FanOutEnd, unwritten?: IntakeEntry): Promise<void> {
    return this.writes.run({ webhookId, attempts, end, unwritten });
  }

  private async finishAll(batch: Finish[]): Promise<void[]> {
    const written = batch.filter((f) => !f.unwritten);
    // The `= ANY` array repeats the ids so that the update finds its rows by primary key: joined with
    // jsonb_to_recordset alone (which the planner guesses at 100 rows), Postgres hashes it and reads the
    // whole table, a cost that grows with the journal.
    await this.db.query(
      `WITH n AS (
         INSERT INTO "execution"."webhooks" ("id", "user_id", "request_id", "alert_id", "alert_name", "symbol", "action", "status", "executes", "request", "raw_body",
                "body_hash", "events", "http_status", "response", "attempts", "created_at")
         SELECT x."id", x."userId", x."requestId", x."alertId", x."alertName", x."symbol", x."action", x."status", true, x."request", x."rawBody",
                x."bodyHash", x."events", 200, x."response", x."attempts", x."createdAt"
           FROM ${intakeEntries('$3', ', "status" text, "response" jsonb, "attempts" jsonb')}),
       f AS (DELETE FROM "execution"."unfinished_webhooks" WHERE "webhook_id" = ANY($2::uuid[]))
       UPDATE "execution"."webhooks" w
          SET "status" = x.status, "http_status" = 200, "response" = x.response, "events" = w."events" || x.events,
              "attempts" = x.attempts, "updated_at" = now()
         FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, status text, response jsonb, events jsonb, attempts jsonb)
        WHERE w."id" = x.id AND w."id" = ANY($2::uuid[]) AND w."status" IN ('received', 'processing')`,
      [jsonbParam(webhooksOf(written)), written.map((f) => f.webhookId), jsonbParam(newRowsOf(batch))],
    );
    return batch.map(() => undefined);
  }
}

/** The rows of the batch's unwritten webhooks, whole: as received, with the outcome, every event after it and the attempts. */
const newRowsOf = (batch: Finish[]) =>
  batch.flatMap(({ unwritten: w, end, attempts }) =>
    w ? [{ ...w, status: end.status, response: end.response, events: [...w.events, ...end.events], attempts }] : [],
  );

/** The final state of the batch's webhooks whose rows were written before their orders. */
const webhooksOf = (batch: Finish[]) =>
  batch.map((f) => ({
    id: f.webhookId,
    status: f.end.status,
    response: f.end.response,
    events: f.end.events,
    attempts: f.attempts,
  }));
