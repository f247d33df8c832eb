import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '@app/messaging';
import type { ExecutionConfig } from '../execution.settings';
import { JournalRepository } from './journal.repository';

/**
 * This instance's leases on unfinished webhooks. Whoever holds a live lease is the only one placing
 * a webhook's orders; a crashed holder stops renewing, and after WEBHOOK_CLAIM_TTL_MS another
 * instance (or this one restarted) takes over and reconciles by clOrdId.
 */
@Injectable()
export class WebhookLease {
  private readonly logger = new Logger(WebhookLease.name);
  /** Unique per process: a restarted instance does not inherit the leases of the one that died. */
  readonly owner = randomUUID();
  readonly ttlMs: number;

  constructor(
    @Inject(APP_CONFIG) config: ExecutionConfig,
    private readonly journal: JournalRepository,
  ) {
    this.ttlMs = config.WEBHOOK_CLAIM_TTL_MS;
  }

  claim(webhookId: string): Promise<boolean> {
    return this.journal.claim(webhookId, this.owner, this.ttlMs);
  }

  /** Runs `work` on a webhook this instance claimed, renewing the lease until it settles. */
  async hold<T>(webhookId: string, work: () => Promise<T>): Promise<T> {
    const renew = setInterval(
      () => {
        this.journal.renewClaim(webhookId, this.owner, this.ttlMs).then(
          (kept) => kept || this.logger.warn({ webhookId }, 'lease on a webhook was lost while working on it'),
          (err: unknown) => this.logger.warn({ err, webhookId }, 'could not renew a webhook lease'),
        );
      },
      Math.max(100, Math.floor(this.ttlMs / 3)),
    );
    try {
      return await work();
    } finally {
      clearInterval(renew);
    }
  }
}
