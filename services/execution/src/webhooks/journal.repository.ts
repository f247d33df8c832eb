import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { LogEventV1 } from '@app/contracts';
import { In } from 'typeorm';
import type { Repository } from 'typeorm';
import { OrderAttemptEntity } from '../entities/order-attempt.entity';
import { SystemRejectionEntity } from '../entities/read-model.entities';
import { WebhookEntity } from '../entities/webhook.entity';
import type { WebhookStatus } from '../entities/webhook.entity';

export type NewAttempt = Omit<OrderAttemptEntity, 'id' | 'createdAt' | 'updatedAt' | 'orderId' | 'error' | 'durationMs' | 'status'> & {
  /** 'failed' when the account could not even be planned (no connection, unknown contract). */
  status?: 'pending' | 'failed';
  error?: string;
};

/** The durable journal of webhooks and their broker calls (also the user's trade log). */
@Injectable()
export class JournalRepository {
  constructor(
    @InjectRepository(WebhookEntity) readonly webhooks: Repository<WebhookEntity>,
    @InjectRepository(OrderAttemptEntity) private readonly attempts: Repository<OrderAttemptEntity>,
    @InjectRepository(SystemRejectionEntity) private readonly system: Repository<SystemRejectionEntity>,
  ) {}

  /** Raw INSERT (it runs on every webhook); the entity is built from what was written. */
  async createWebhook(w: Pick<WebhookEntity, 'userId' | 'requestId' | 'alertId' | 'alertName' | 'symbol' | 'action' | 'status' | 'request' | 'rawBody' | 'bodyHash' | 'events'> & { claimedBy?: string; claimTtlMs?: number }): Promise<WebhookEntity> {
    const { claimedBy, claimTtlMs, ...fields } = w;
    const claimExpires = claimedBy ? new Date(Date.now() + (claimTtlMs ?? 0)) : null;
    const rows = await this.webhooks.query<Array<{ id: string; created_at: Date }>>(
      `INSERT INTO "execution"."webhooks" ("user_id", "request_id", "alert_id", "alert_name", "symbol", "action", "status", "request", "raw_body", "body_hash", "events", "claimed_by", "claim_expires")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11::jsonb, $12, $13) RETURNING "id", "created_at"`,
      [w.userId, w.requestId, w.alertId, w.alertName, w.symbol, w.action, w.status, JSON.stringify(w.request), w.rawBody, w.bodyHash, JSON.stringify(w.events), claimedBy ?? null, claimExpires],
    );
    const { id, created_at: createdAt } = rows[0];
    return Object.assign(new WebhookEntity(), { ...fields, id, createdAt, updatedAt: createdAt, claimedBy: claimedBy ?? null, claimExpires, httpStatus: null, response: null });
  }

  /** The row that executes a request (not a rejection or duplicate record), if it was journalled. */
  async executedRow(requestId: string): Promise<WebhookEntity | null> {
    // Asked on every webhook and almost always absent: a cheap raw probe first, the entity only on a hit.
    const hit = await this.webhooks.query<unknown[]>(
      `SELECT "id" FROM "execution"."webhooks" WHERE "request_id" = $1 AND "status" NOT IN ('rejected', 'duplicate') LIMIT 1`,
      [requestId],
    );
    if (hit.length === 0) {
      return null;
    }
    return this.webhooks.findOne({ where: { requestId, status: In<WebhookStatus>(['received', 'processing', 'completed', 'partial', 'failed']) } });
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
      .where('id = :id AND status IN (:...open) AND (claimed_by IS NULL OR claim_expires < now())', { id, open: ['received', 'processing'] })
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
    await this.webhooks.query('UPDATE "execution"."webhooks" SET "events" = "events" || $1::jsonb, "updated_at" = now() WHERE "id" = $2', [
      JSON.stringify([event]),
      webhookId,
    ]);
  }

  async setWebhook(id: string, fields: Partial<Pick<WebhookEntity, 'status' | 'httpStatus' | 'response' | 'alertName' | 'symbol' | 'action'>>): Promise<void> {
    await this.webhooks.update({ id }, fields);
  }

  attemptsOf(webhookId: string): Promise<OrderAttemptEntity[]> {
    return this.attempts.find({ where: { webhookId }, order: { createdAt: 'ASC', accountName: 'ASC' } });
  }

  /** Unfinished webhooks nobody holds a live lease on. */
  unfinished(): Promise<WebhookEntity[]> {
    return this.webhooks
      .createQueryBuilder('w')
      .where('w.status IN (:...open) AND (w.claimed_by IS NULL OR w.claim_expires < now())', { open: ['received', 'processing'] })
      .orderBy('w.created_at', 'ASC')
      .getMany();
  }

  async systemRejection(requestId: string, reason: string): Promise<void> {
    await this.system.insert({ requestId, reason });
  }

  async deleteUser(userId: string): Promise<void> {
    await this.attempts.delete({ userId });
    await this.webhooks.delete({ userId });
  }
}
