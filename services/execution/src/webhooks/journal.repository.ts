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

  createWebhook(w: Pick<WebhookEntity, 'userId' | 'requestId' | 'alertId' | 'alertName' | 'symbol' | 'action' | 'status' | 'request' | 'rawBody' | 'bodyHash' | 'events'> & { claimedBy?: string; claimTtlMs?: number }): Promise<WebhookEntity> {
    const { claimedBy, claimTtlMs, ...fields } = w;
    const claim = claimedBy ? { claimedBy, claimExpires: new Date(Date.now() + (claimTtlMs ?? 0)) } : {};
    return this.webhooks.save(this.webhooks.create({ ...fields, ...claim, httpStatus: null, response: null }));
  }

  /** The row that executes a request (not a rejection or duplicate record), if it was journalled. */
  executedRow(requestId: string): Promise<WebhookEntity | null> {
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

  async addAttempts(list: NewAttempt[]): Promise<OrderAttemptEntity[]> {
    return this.attempts.save(list.map((a) => this.attempts.create({ status: 'pending', orderId: null, error: null, durationMs: null, ...a })));
  }

  attemptsOf(webhookId: string): Promise<OrderAttemptEntity[]> {
    return this.attempts.find({ where: { webhookId }, order: { createdAt: 'ASC', accountName: 'ASC' } });
  }

  async settleAttempt(id: string, fields: Pick<OrderAttemptEntity, 'status' | 'orderId' | 'error' | 'durationMs'>): Promise<void> {
    await this.attempts.update({ id }, fields);
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
