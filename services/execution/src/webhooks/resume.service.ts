import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { WebhookResultV1 } from '@app/contracts';
import type { WebhookEntity } from '../entities/webhook.entity';
import { FanOutService } from './fan-out.service';
import { INTAKE_LOG } from './intake-log';
import type { IntakeLog } from './intake-log';
import { JournalRepository } from './journal.repository';
import { parseSignal } from './parse-signal';
import { RouteLookup } from './route-lookup';
import { WebhookLease } from './webhook-lease';

const FINAL = new Set(['completed', 'partial', 'failed']);

/**
 * Finishes webhooks whose instance died: on start and then every lease period, each unfinished
 * webhook whose lease lapsed is claimed (by one instance only) and finished. Every account's order
 * is first looked up by its clOrdId (it may have reached Tradovate); only the missing are placed.
 * In standalone mode the webhooks the last process left in the intake log get their rows first, before the
 * service takes any message.
 */
@Injectable()
export class ResumeService implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ResumeService.name);
  /** The running sweep, for tests and shutdown. */
  running: Promise<number> = Promise.resolve(0);
  private timer?: NodeJS.Timeout;
  private sweeping = false;

  constructor(
    private readonly journal: JournalRepository,
    private readonly routes: RouteLookup,
    private readonly fanOut: FanOutService,
    private readonly lease: WebhookLease,
    @Inject(INTAKE_LOG) private readonly intakeLog: IntakeLog | null,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.intakeLog) {
      return;
    }
    const entries = this.intakeLog.recover((file, line) =>
      this.logger.warn({ file, line }, 'unreadable intake log entry skipped'),
    );
    const restored = await this.journal.restore(entries);
    this.intakeLog.clear();
    if (restored > 0) {
      this.logger.log(`${restored} webhook(s) interrupted before their closing write will be resumed`);
    }
  }

  onApplicationBootstrap(): void {
    // In the background: the service answers while it catches up.
    this.sweep();
    this.timer = setInterval(() => this.sweep(), this.lease.ttlMs);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
    this.intakeLog?.close();
  }

  async resumeAll(): Promise<number> {
    let resumed = 0;
    for (const webhook of await this.journal.unfinished()) {
      try {
        if ((await this.resume(webhook)) !== null) {
          resumed += 1;
        }
      } catch (err) {
        // One webhook that cannot be finished now (the database went away again, say) must not hold
        // up the others behind it: its lease lapses and the next sweep tries it again.
        this.logger.error(
          { err, requestId: webhook.requestId },
          'could not resume a webhook; retrying on the next sweep',
        );
      }
    }
    if (resumed > 0) {
      this.logger.log(`resumed ${resumed} unfinished webhook(s)`);
    }
    return resumed;
  }

  /**
   * The outcome of a webhook already journalled (its message was delivered again): the stored
   * result when final; else it is finished here once no live instance holds it.
   */
  async settle(existing: WebhookEntity): Promise<WebhookResultV1> {
    for (let webhook: WebhookEntity | null = existing; webhook; webhook = await this.journal.webhook(webhook.id)) {
      if (FINAL.has(webhook.status)) {
        return webhook.response as WebhookResultV1;
      }
      const result = await this.resume(webhook);
      if (result) {
        return result;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`webhook ${existing.id} disappeared while waiting for it`);
  }

  /** Claims and finishes one webhook; null when another live instance holds it. */
  private async resume(webhook: WebhookEntity): Promise<WebhookResultV1 | null> {
    if (!(await this.lease.claim(webhook.id))) {
      return null;
    }
    return this.lease.hold(webhook.id, async () => {
      const ctx = { correlationId: webhook.requestId, userId: webhook.userId };
      const signal = parseSignal(webhook.rawBody);
      const route = await this.routes.routeOf(signal.alertId, ctx);
      if (!route) {
        const response = {
          message: 'Interrupted; its alert no longer exists',
          successful: 0,
          failed: 0,
          total: 0,
          results: [],
          request_id: webhook.requestId,
          processed_orders: 0,
          failed_orders: 0,
        };
        await this.journal.setWebhook(webhook.id, { status: 'failed', httpStatus: 200, response });
        await this.journal.appendEvent(webhook.id, {
          at: new Date().toISOString(),
          type: 'completed',
          message: response.message,
          outcome: 'failed',
        });
        return response;
      }
      await this.journal.appendEvent(webhook.id, {
        at: new Date().toISOString(),
        type: 'routed',
        message: 'Resumed after an interruption',
      });
      return this.fanOut.execute(webhook, signal, route, ctx, true);
    });
  }

  private sweep(): void {
    if (this.sweeping) {
      return;
    }
    this.sweeping = true;
    this.running = this.resumeAll()
      .catch((err: unknown) => {
        this.logger.error({ err }, 'resume failed');
        return 0;
      })
      .finally(() => (this.sweeping = false));
  }
}
