import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DomainError, WebhookResultV1 } from '@app/contracts';
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
    const [rows, total] = await this.webhooks.findAndCount({ where, order: { createdAt: 'DESC' }, skip: (page - 1) * pageSize, take: pageSize });
    return { items: rows.map(summary), total, total_pages: Math.ceil(total / pageSize) };
  }

  async get(userId: string, id: string): Promise<ReplyOf<Topic.LogsGet>> {
    const row = await this.webhooks.findOneBy({ id, userId });
    if (!row) {
      throw new DomainError('NOT_FOUND', 'Trade log not found');
    }
    return { ...summary(row), request: requestAsSent(row), response: responseAsSent(row.response), events: row.events };
  }
}

/**
 * The webhook's JSON in the order TradingView sent it. The stored `request` is jsonb, which keeps its keys shortest
 * first (`symbol` before `alert_id`), not as the trader wrote the alert message; parsed again from the raw body it
 * reads as written. A request kept as text (not JSON, too deep, too large) is shown as it is.
 */
const requestAsSent = (row: WebhookEntity): unknown => (typeof row.request === 'string' ? row.request : bodyForLog(row.rawBody));

const summary = (w: WebhookEntity) => ({
  id: w.id,
  timestamp: w.createdAt.toISOString(),
  requestId: w.requestId,
  alertName: w.alertName,
  symbol: w.symbol,
  ...sideOf(w.action),
  status: w.status,
});

/**
 * The answer in the order it was sent (`message` first, each result's `account_name` first), which jsonb does not keep:
 * parsing by its contract lays the keys out as the contract names them. Any other answer (an error's) is shown as stored.
 */
const responseAsSent = (response: unknown): unknown => {
  const answer = WebhookResultV1.safeParse(response);
  return answer.success ? answer.data : response;
};
