import type { Logger } from '@nestjs/common';
import type { AlertRouteChangedV1, MessageContext, WebhookResultV1 } from '@app/contracts';
import { WebhookEntity } from '../entities/webhook.entity';
import type { FanOutService } from './fan-out.service';
import type { IntakeEntry, IntakeLog, IntakeTicket } from './intake-log';
import type { JournalRepository } from './journal.repository';
import type { Signal } from './signal';
import { interrupted } from './webhook-record';

/**
 * Webhooks journalled once (standalone, docs/performance.md): on record in the intake log before their orders go
 * out, their rows written with their outcome and orders by the fan-out's closing write. No lease: no other instance
 * shares the database.
 */
export class JournalledOnce {
  /**
   * Webhooks of the intake log whose rows are not written yet, by request id: the exactly-once index cannot see them, so
   * a caller who sends one's id again as its X-Request-Id (the id a 202 answered with) is answered from here.
   */
  private readonly unwritten = new Map<string, Promise<WebhookResultV1>>();

  constructor(
    private readonly log: IntakeLog,
    private readonly journal: JournalRepository,
    private readonly fanOut: FanOutService,
    private readonly logger: Logger,
  ) {}

  /** The webhook of this request id still being placed, if any. */
  running(requestId: string): Promise<WebhookResultV1> | undefined {
    return this.unwritten.get(requestId);
  }

  execute(
    entry: IntakeEntry,
    signal: Signal,
    route: AlertRouteChangedV1,
    ctx: MessageContext,
  ): Promise<WebhookResultV1> {
    const work = this.run(entry, signal, route, ctx);
    this.unwritten.set(entry.requestId, work);
    return work;
  }

  private async run(
    entry: IntakeEntry,
    signal: Signal,
    route: AlertRouteChangedV1,
    ctx: MessageContext,
  ): Promise<WebhookResultV1> {
    const ticket = this.log.append(entry);
    const webhook = Object.assign(new WebhookEntity(), {
      ...entry,
      status: 'received',
      executes: true,
      createdAt: new Date(entry.createdAt),
      updatedAt: new Date(entry.createdAt),
      claimedBy: null,
      claimExpires: null,
      httpStatus: null,
      response: null,
      attempts: [],
    });
    try {
      const result = await this.fanOut.execute(webhook, signal, route, ctx, false, entry);
      this.written(ticket, entry);
      return result;
    } catch (err) {
      this.logger.error({ err, requestId: entry.requestId }, 'fan-out failed');
      // Its row written as received, the resume sweep finishes it (looking its orders up first); failing that, the
      // intake log still holds it for the next start.
      this.journal.restore([entry]).then(
        () => this.written(ticket, entry),
        (e: unknown) =>
          this.logger.error(
            { err: e, requestId: entry.requestId },
            'webhook left in the intake log until the next start',
          ),
      );
      return interrupted(entry.requestId);
    }
  }

  /** The webhook's row is written: the intake log lets go of it, and the exactly-once index answers for its request id. */
  private written(ticket: IntakeTicket, entry: IntakeEntry): void {
    this.log.settle(ticket);
    this.unwritten.delete(entry.requestId);
  }
}
