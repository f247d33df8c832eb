import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { LogEventV1 } from '@app/contracts';
import { GroupCommit, jsonbParam } from '@app/database';
import type { Repository, SelectQueryBuilder } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import type { OrderAttempt } from '../entities/order-attempt';
import { SystemRejectionEntity } from '../entities/read-model.entities';
import { WebhookEntity, executes, isUnfinished } from '../entities/webhook.entity';
import type { IntakeEntry } from './intake-log';

export type NewAttempt = Omit<OrderAttempt, 'orderId' | 'error' | 'durationMs' | 'status'> & {
  /** 'failed' when the account could not even be planned (no connection, unknown contract). */
  status?: 'pending' | 'failed';
  error?: string;
};

export type NewWebhook = Pick<
  WebhookEntity,
  | 'userId'
  | 'requestId'
  | 'alertId'
  | 'alertName'
  | 'symbol'
  | 'action'
  | 'status'
  | 'request'
  | 'rawBody'
  | 'bodyHash'
  | 'events'
> & {
  claimedBy?: string;
  claimTtlMs?: number;
  /** A webhook answered at once (a refusal) is written with its answer, in the same statement. */
  httpStatus?: number;
  response?: WebhookEntity['response'];
};

type WebhookInsert = NewWebhook & { claimExpires: Date | null };

/**
 * Intake log entries (`IntakeEntry`) in the jsonb parameter `param`, as a recordset `x` with a column for each field, for
 * the statements that write their rows; `extra` declares more fields (an outcome added to the entry).
 */
export const intakeEntries = (param: string, extra = ''): string =>
  `jsonb_to_recordset(${param}::jsonb) AS x("id" uuid, "userId" uuid, "requestId" text, "alertId" uuid, "alertName" text, "symbol" text, "action" text,
                "request" jsonb, "rawBody" text, "bodyHash" text, "events" jsonb, "createdAt" timestamptz${extra})`;

/** The durable journal of webhooks and their broker calls (also the user's trade log). */
@Injectable()
export class JournalRepository {
  private readonly inserts = new GroupCommit((batch: WebhookInsert[]) => this.insertAll(batch));

  constructor(
    @InjectRepository(WebhookEntity) readonly webhooks: Repository<WebhookEntity>,
    @InjectRepository(SystemRejectionEntity) private readonly system: Repository<SystemRejectionEntity>,
  ) {}

  /** Raw INSERT (it runs on every webhook), grouped with the webhooks journalled at the same moment; the entity is built from what was written. */
  async createWebhook(w: NewWebhook): Promise<WebhookEntity> {
    const { claimedBy, claimTtlMs, ...fields } = w;
    const claimExpires = claimedBy ? new Date(Date.now() + (claimTtlMs ?? 0)) : null;
    const { id, created_at: createdAt } = await this.inserts.run({ ...w, claimExpires });
    return Object.assign(new WebhookEntity(), {
      ...fields,
      id,
      executes: executes(w.status),
      createdAt,
      updatedAt: createdAt,
      claimedBy: claimedBy ?? null,
      claimExpires,
      httpStatus: w.httpStatus ?? null,
      response: w.response ?? null,
      attempts: [],
    });
  }

  private async insertAll(batch: WebhookInsert[]): Promise<Array<{ id: string; created_at: Date }>> {
    // Ids are chosen here so that each caller finds its own row whatever order RETURNING uses. UUIDv7, ordered by
    // time: every index keyed by a webhook id (its own, the attempts' webhook_id) then grows at its end, instead of
    // a random key changing pages all over it, each to be written again at the next checkpoint (docs/performance.md).
    // A webhook still to execute is also entered in `unfinished_webhooks`, the resume sweep's list, in the same
    // statement (WebhooksHotUpdates1764500000000).
    const rows = batch.map((w) => ({
      id: uuidv7(),
      user_id: w.userId,
      request_id: w.requestId,
      alert_id: w.alertId,
      alert_name: w.alertName,
      symbol: w.symbol,
      action: w.action,
      status: w.status,
      executes: executes(w.status),
      request: w.request,
      raw_body: w.rawBody,
      body_hash: w.bodyHash,
      events: w.events,
      claimed_by: w.claimedBy ?? null,
      claim_expires: w.claimExpires?.toISOString() ?? null,
      http_status: w.httpStatus ?? null,
      response: w.response ?? null,
    }));
    const inserted = await this.webhooks.query<Array<{ id: string; created_at: Date }>>(
      `WITH w AS (
         INSERT INTO "execution"."webhooks" ("id", "user_id", "request_id", "alert_id", "alert_name", "symbol", "action", "status", "executes", "request", "raw_body", "body_hash", "events", "claimed_by", "claim_expires", "http_status", "response")
         SELECT x.id, x.user_id, x.request_id, x.alert_id, x.alert_name, x.symbol, x.action, x.status, x.executes, x.request, x.raw_body, x.body_hash, x.events, x.claimed_by, x.claim_expires, x.http_status, x.response
           FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, user_id uuid, request_id text, alert_id uuid, alert_name text, symbol text, action text, status text,
                executes boolean, request jsonb, raw_body text, body_hash text, events jsonb, claimed_by text, claim_expires timestamptz, http_status int, response jsonb)
         RETURNING "id", "created_at"),
       u AS (INSERT INTO "execution"."unfinished_webhooks" ("webhook_id") SELECT unnest($2::uuid[]))
       SELECT "id", "created_at" FROM w`,
      [jsonbParam(rows), rows.filter((r) => isUnfinished(r.status)).map((r) => r.id)],
    );
    const byId = new Map(inserted.map((r) => [r.id, r]));
    return rows.map((r) => {
      const row = byId.get(r.id);
      if (!row) {
        throw new Error(`webhook ${r.request_id} was not journalled`);
      }
      return row;
    });
  }

  /**
   * A `received` row for each webhook of the intake log that has none (left by a process that died before its closing
   * write): the resume sweep then finishes them. Rows already written are left as they are.
   */
  async restore(entries: IntakeEntry[]): Promise<number> {
    if (entries.length === 0) {
      return 0;
    }
    const rows = await this.webhooks.query<Array<{ id: string }>>(
      `WITH w AS (
         INSERT INTO "execution"."webhooks" ("id", "user_id", "request_id", "alert_id", "alert_name", "symbol", "action", "status", "executes", "request", "raw_body", "body_hash", "events", "created_at")
         SELECT x."id", x."userId", x."requestId", x."alertId", x."alertName", x."symbol", x."action", 'received', true, x."request", x."rawBody", x."bodyHash", x."events", x."createdAt"
           FROM ${intakeEntries('$1')}
         ON CONFLICT DO NOTHING
         RETURNING "id")
       INSERT INTO "execution"."unfinished_webhooks" ("webhook_id") SELECT "id" FROM w RETURNING "webhook_id"`,
      [jsonbParam(entries)],
    );
    return rows.length;
  }

  /**
   * The row that executes a request (not a rejection or duplicate record), if it was journalled. Asked only
   * when one is expected (IntakeLookup said so, or the insert met the unique index), so no cheaper probe first.
   */
  executedRow(requestId: string): Promise<WebhookEntity | null> {
    return this.webhooks.findOne({ where: { requestId, executes: true } });
  }

  webhook(id: string): Promise<WebhookEntity | null> {
    return this.webhooks.findOneBy({ id });
  }

  /** Takes an unfinished webhook nobody holds (or whose holder let the lease lapse); true when this caller got it. */
  async claim(id: string, owner: string, ttlMs: number): Promise<boolean> {
    const r = await this.webhooks
      .createQueryBuilder()
      .update()
      .set({ claimedBy: owner, claimExpires: () => "now() + (:ttl * interval '1 millisecond')" })
      .where('id = :id AND status IN (:...open) AND (claimed_by IS NULL OR claim_expires < now())', {
        id,
        open: ['received', 'processing'],
      })
      .setParameter('ttl', ttlMs)
      .execute();
    return r.affected === 1;
  }

  /** Extends this owner's lease; false when it was lost (another instance may have taken over). */
  async renewClaim(id: string, owner: string, ttlMs: number): Promise<boolean> {
    const r = await this.webhooks
      .createQueryBuilder()
      .update()
      .set({ claimExpires: () => "now() + (:ttl * interval '1 millisecond')" })
      .where('id = :id AND claimed_by = :owner', { id, owner })
      .setParameter('ttl', ttlMs)
      .execute();
    return r.affected === 1;
  }

  async appendEvent(webhookId: string, event: LogEventV1): Promise<void> {
    await this.webhooks.query(
      'UPDATE "execution"."webhooks" SET "events" = "events" || $1::jsonb, "updated_at" = now() WHERE "id" = $2',
      [jsonbParam([event]), webhookId],
    );
  }

  async setWebhook(
    id: string,
    fields: Partial<Pick<WebhookEntity, 'status' | 'httpStatus' | 'response' | 'alertName' | 'symbol' | 'action'>>,
  ): Promise<void> {
    await this.webhooks.update({ id }, fields);
    if (fields.status && !isUnfinished(fields.status)) {
      await this.webhooks.query('DELETE FROM "execution"."unfinished_webhooks" WHERE "webhook_id" = $1', [id]);
    }
  }

  /**
   * Unfinished webhooks nobody holds a live lease on (the resume sweep, every lease period): those listed in
   * `unfinished_webhooks`, each then read by its primary key, whatever the journal's size. The list is read whole
   * first (`= ANY(ARRAY(…))`): as a join, a planner without statistics on the list read the journal instead. The
   * status is checked again on the row, which is what says a webhook is finished.
   */
  unfinished(): Promise<WebhookEntity[]> {
    return this.unfinishedQuery().getMany();
  }

  /** The sweep's statement, unrun: its spec reads the plan Postgres makes of it. */
  unfinishedQuery(): SelectQueryBuilder<WebhookEntity> {
    return this.webhooks
      .createQueryBuilder('w')
      .where('w.id = ANY(ARRAY(SELECT "webhook_id" FROM "execution"."unfinished_webhooks"))')
      .andWhere(`w.status IN ('received', 'processing') AND (w.claimed_by IS NULL OR w.claim_expires < now())`)
      .orderBy('w.created_at', 'ASC');
  }

  async systemRejection(requestId: string, reason: string): Promise<void> {
    await this.system.insert({ requestId, reason });
  }

  async deleteUser(userId: string): Promise<void> {
    await this.webhooks.query(
      'DELETE FROM "execution"."unfinished_webhooks" u USING "execution"."webhooks" w WHERE w."id" = u."webhook_id" AND w."user_id" = $1',
      [userId],
    );
    await this.webhooks.delete({ userId });
  }
}
