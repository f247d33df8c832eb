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

  createWebhook(w: Pick<WebhookEntity, 'userId' | 'requestId' | 'alertId' | 'alertName' | 'symbol' | 'action' | 'status' | 'request' | 'rawBody' | 'bodyHash' | 'events'>): Promise<WebhookEntity> {
    return this.webhooks.save(this.webhooks.create({ ...w, httpStatus: null, response: null }));
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

  unfinished(): Promise<WebhookEntity[]> {
    return this.webhooks.find({ where: { status: In<WebhookStatus>(['received', 'processing']) }, order: { createdAt: 'ASC' } });
  }

  async systemRejection(requestId: string, reason: string): Promise<void> {
    await this.system.insert({ requestId, reason });
  }

  async deleteUser(userId: string): Promise<void> {
    await this.attempts.delete({ userId });
    await this.webhooks.delete({ userId });
  }
}
