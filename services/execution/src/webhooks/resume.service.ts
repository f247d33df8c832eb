import { Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap } from '@nestjs/common';
import { FanOutService } from './fan-out.service';
import { JournalRepository } from './journal.repository';
import { parseSignal } from './parse-signal';
import { WebhookService } from './webhook.service';

/**
 * After a crash: webhooks still received/processing are finished. Pending broker calls are first
 * looked up by clOrdId (they may have reached Tradovate), and only the missing ones are placed.
 */
@Injectable()
export class ResumeService implements OnApplicationBootstrap {
  private readonly logger = new Logger(ResumeService.name);
  /** The running resume, for tests and shutdown. */
  running: Promise<number> = Promise.resolve(0);

  constructor(
    private readonly journal: JournalRepository,
    private readonly webhooks: WebhookService,
    private readonly fanOut: FanOutService,
  ) {}

  onApplicationBootstrap(): void {
    // In the background: the service answers while it catches up.
    this.running = this.resumeAll().catch((err: unknown) => {
      this.logger.error({ err }, 'resume failed');
      return 0;
    });
  }

  async resumeAll(): Promise<number> {
    const unfinished = await this.journal.unfinished();
    for (const webhook of unfinished) {
      const ctx = { correlationId: webhook.requestId, userId: webhook.userId };
      const signal = parseSignal(webhook.rawBody);
      const route = await this.webhooks.routeOf(signal.alertId, ctx);
      if (!route) {
        await this.journal.setWebhook(webhook.id, { status: 'failed', httpStatus: 200 });
        await this.journal.appendEvent(webhook.id, { at: new Date().toISOString(), type: 'completed', message: 'Interrupted; its alert no longer exists', outcome: 'failed' });
        continue;
      }
      await this.journal.appendEvent(webhook.id, { at: new Date().toISOString(), type: 'routed', message: 'Resumed after a restart' });
      await this.fanOut.execute(webhook, signal, route, ctx, true);
    }
    if (unfinished.length > 0) {
      this.logger.log(`resumed ${unfinished.length} unfinished webhook(s)`);
    }
    return unfinished.length;
  }
}
