import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DomainError, WebhookRefusalV1, WebhookResultV1 } from '@app/contracts';
import type { ReplyOf, Topic } from '@app/contracts';
import { ILike } from 'typeorm';
import type { Repository } from 'typeorm';
import { WebhookEntity } from '../entities/webhook.entity';
import { bodyForLog } from '../webhooks/parse-signal';
import { sideOf } from './journalled-action';

/** The trade log: each user's webhooks, newest first. */
@Injectable()
export class LogsService {
  constructor(@InjectRepository(WebhookEntity) private readonly webhooks: Repository<WebhookEntity>) {}

  async list(userId: string, page: number, pageSize: number, q?: string): Promise<ReplyOf<Topic.LogsList>> {
    const where = q ? { userId, requestId: ILike(`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) } : { userId };
    const [rows, total] = await this.webhooks.findAndCount({
      select: SUMMARY,
      where,
      order: { createdAt: 'DESC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    return { items: rows.map(summary), total, total_pages: Math.ceil(total / pageSize) };
  }

  async get(userId: string, id: string): Promise<ReplyOf<Topic.LogsGet>> {
    const row = await this.webhooks.findOneBy({ id, userId });
    if (!row) {
      throw new DomainError('NOT_FOUND', 'Trade log not found');
    }
    return { ...summary(row), request: requestAsSent(row), response: responseAsSent(row), events: row.events };
  }
}

/**
 * The columns a list item shows. Not the whole row: its request, raw body, answer and events (up to 64 KB of body each)
 * are read only for the detail, and on the embedded database a page of whole rows would hold its one session, which the
 * webhooks' journal writes wait for, as long as it takes to read and hand them over.
 */
const SUMMARY = {
  id: true,
  createdAt: true,
  requestId: true,
  alertName: true,
  symbol: true,
  action: true,
  status: true,
} as const;

const summary = (w: Pick<WebhookEntity, keyof typeof SUMMARY>) => ({
  id: w.id,
  timestamp: w.createdAt.toISOString(),
  requestId: w.requestId,
  alertName: w.alertName,
  symbol: w.symbol,
  ...sideOf(w.action),
  status: w.status,
});

/*
 * The request and its answer as they were sent. Both are stored as jsonb, which keeps keys shortest first (`symbol`
 * before `alert_id`, `total` before `message`), not in the order the trader wrote the alert message or the product
 * answered it.
 */

/** The request parsed again from the raw body, which reads as written; one kept as text (not JSON, too deep, too large) as it is. */
const requestAsSent = (row: WebhookEntity): unknown =>
  typeof row.request === 'string' ? row.request : bodyForLog(row.rawBody);

/** The answer laid out again by its contract (`message` first, each result's `account_name` first, or a refusal's `detail` first); any other as stored. */
const responseAsSent = (row: WebhookEntity): unknown => {
  const answer = WebhookResultV1.safeParse(row.response);
  if (answer.success) {
    return answer.data;
  }
  const refusal = WebhookRefusalV1.safeParse(row.response);
  return refusal.success ? refusal.data : row.response;
};
