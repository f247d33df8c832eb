import { Inject, Injectable, Logger } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { sha256Hex } from '@app/common';
import { DomainError } from '@app/contracts';
import type { Topic } from '@app/contracts';
import type { AlertRouteChangedV1, LogEventV1, MessageContext, WebhookResultV1 } from '@app/contracts';
import { isDatabaseUnavailable } from '@app/database';
import { APP_CONFIG } from '@app/messaging';
import type { Msg } from '@app/messaging';
import type { ExecutionConfig } from '../execution.settings';
import { DedupWindow } from './dedup-window';
import { FanOutService } from './fan-out.service';
import { INTAKE_LOG } from './intake-log';
import type { IntakeLog } from './intake-log';
import { IntakeLookup } from './intake-lookup';
import { JournalRepository } from './journal.repository';
import { JournalledOnce } from './journalled-once';
import { parseSignal, peekSignal } from './parse-signal';
import type { PeekedSignal } from './parse-signal';
import { RateLimiter } from './rate-limiter';
import { ResumeService } from './resume.service';
import { RouteLookup } from './route-lookup';
import { WebhookLease } from './webhook-lease';
import { WebhookRecords, headerOf, interrupted } from './webhook-record';
import type { Known, WebhookPayload } from './webhook-record';
import type { Signal } from './signal';

/** A webhook from TradingView: who sent it, is it valid, is it new, then the fan-out. Every outcome is logged. */
@Injectable()
export class WebhookService {
  private readonly logger = new Logger(WebhookService.name);
  private readonly limiter: RateLimiter;
  private readonly dedup: DedupWindow<WebhookResultV1>;
  private readonly records: WebhookRecords;
  /** Standalone's webhooks, journalled once after their orders (null on a shared Postgres). */
  private readonly once: JournalledOnce | null;

  constructor(
    @Inject(APP_CONFIG) config: ExecutionConfig,
    private readonly intake: IntakeLookup,
    private readonly journal: JournalRepository,
    private readonly routes: RouteLookup,
    private readonly fanOut: FanOutService,
    private readonly lease: WebhookLease,
    private readonly resume: ResumeService,
    @Inject(INTAKE_LOG) intakeLog: IntakeLog | null,
  ) {
    this.limiter = new RateLimiter(config.WEBHOOK_RATE_LIMIT_PER_MIN);
    this.dedup = new DedupWindow(config.WEBHOOK_DEDUP_WINDOW_MS);
    this.records = new WebhookRecords(journal);
    this.once = intakeLog && new JournalledOnce(intakeLog, journal, fanOut, this.logger);
  }

  async receive(msg: Msg<Topic.WebhookReceived>): Promise<WebhookResultV1> {
    const p = msg.payload;
    // Parsed first (pure, no I/O) so that one statement can fetch the route along with the secret's owner;
    // an unparseable body is still rejected only after the secret was checked.
    let signal: Signal | undefined;
    let parseError: unknown;
    let peeked: PeekedSignal | undefined;
    if (!p.tooLarge) {
      try {
        signal = parseSignal(p.body);
      } catch (err) {
        parseError = err;
        // A refused body may still name its alert (looked up alike, so the trade log can name it) and its order.
        peeked = peekSignal(p.body);
      }
    }
    const intake = await this.intake.of(p.secret, p.requestId, signal?.alertId ?? peeked?.alertId ?? null);
    const userId = intake.userId;
    if (!userId) {
      await this.journal.systemRejection(p.requestId, 'unknown webhook secret');
      throw new DomainError(
        'WEBHOOK_SECRET_UNKNOWN',
        'This webhook URL is not valid (it may have been rotated). Copy the current URL from the Webhook page.',
      );
    }
    // A message delivered again (its consumer died, or the group rebalanced, before committing it):
    // the request is already journalled, so finish or report that one instead of executing it twice.
    const existing = intake.journalled ? await this.journal.executedRow(p.requestId) : null;
    if (existing) {
      return this.resume.settle(existing);
    }
    const ctx: MessageContext = { correlationId: p.requestId, causationId: msg.messageId, userId };
    const known: Known = { userId, bodyHash: hashBody(p.body), named: peeked };
    if (intake.route?.userId === userId) {
      // A refusal from here on is logged under its alert's name and symbol; another user's alert stays unnamed.
      known.route = intake.route;
    }
    if (intake.inactive) {
      return this.records.reject(
        p,
        known,
        new DomainError(
          'FORBIDDEN',
          'This account is inactive (not approved, or deactivated by an administrator): its webhooks are not executed.',
        ),
      );
    }
    if (p.tooLarge) {
      return this.records.reject(
        p,
        known,
        new DomainError('PAYLOAD_TOO_LARGE', 'The alert message is larger than 64 KB.'),
      );
    }
    if (!signal) {
      return this.records.reject(p, known, parseError);
    }
    known.signal = signal;
    let route: AlertRouteChangedV1 | null;
    try {
      route = intake.route ?? (await this.routes.askTrading(signal.alertId, ctx));
    } catch (err) {
      // Nothing was placed: a 503, which TradingView sends again (its 5xx resubmission), and a trade-log record.
      return this.records.reject(p, known, err);
    }
    if (!route || route.userId !== userId) {
      return this.records.reject(
        p,
        known,
        new DomainError('NOT_FOUND', `Alert ${signal.alertId} was not found for this webhook URL.`),
      );
    }
    known.route = route;
    const key = `${route.alertId}|${known.bodyHash}`;
    const first = this.dedup.get(key);
    // The same request again (delivered anew after a database outage) is not its own duplicate.
    if (first && first.requestId !== p.requestId) {
      return this.records.duplicate(p, known, first);
    }
    const work = this.admit(p, known as Required<Known>, ctx);
    this.dedup.set(key, p.requestId, work);
    // Not executed for lack of a database: Kafka delivers it again, and then it must not be a duplicate of itself.
    work.catch((err: unknown) => isDatabaseUnavailable(err) && this.dedup.forget(key, p.requestId));
    return work;
  }

  private async admit(p: WebhookPayload, known: Required<Known>, ctx: MessageContext): Promise<WebhookResultV1> {
    const { route, signal } = known;
    if (!this.limiter.take(known.userId)) {
      return this.records.reject(
        p,
        known,
        new DomainError('RATE_LIMITED', 'Too many webhooks this minute; this one was not executed.'),
      );
    }
    if (route.status !== 'active') {
      return this.records.reject(
        p,
        known,
        new DomainError('ALERT_INACTIVE', `Alert "${route.name}" is inactive; activate it to trade its signals.`),
      );
    }
    if (route.targets.length === 0) {
      return this.records.reject(
        p,
        known,
        new DomainError(
          'NO_TARGET_ACCOUNTS',
          `Alert "${route.name}" has no accounts to trade: add a group or an account to it.`,
        ),
      );
    }
    const now = new Date().toISOString();
    const events: LogEventV1[] = [
      { at: p.receivedAt, type: 'received', message: `Webhook received (${p.contentType ?? 'no content type'})` },
      {
        at: now,
        type: 'routed',
        message: `${routedAction(signal)} to ${route.targets.length} account(s)`,
      },
    ];
    // A request id the gateway made cannot come again: no other delivery to arbitrate with, so no row before the orders.
    if (this.once && p.freshRequestId) {
      return this.once.execute({ id: uuidv7(), ...headerOf(p, known), events, createdAt: now }, signal, route, ctx);
    }
    const running = this.once?.running(p.requestId);
    if (running) {
      return running;
    }
    let webhook;
    try {
      webhook = await this.journal.createWebhook({
        ...headerOf(p, known),
        status: 'received',
        claimedBy: this.lease.owner,
        claimTtlMs: this.lease.ttlMs,
        events,
      });
    } catch (err) {
      // Another instance journalled this request first (the same message delivered to both around a rebalance).
      const existing = await this.journal.executedRow(p.requestId);
      if (!existing) {
        throw err;
      }
      return this.resume.settle(existing);
    }
    const created = webhook;
    try {
      return await this.lease.hold(created.id, () => this.fanOut.execute(created, signal, route, ctx, false));
    } catch (err) {
      // Orders may be out: never an error reply TradingView would resend. The journal lets a restart finish it.
      this.logger.error({ err, requestId: p.requestId }, 'fan-out failed');
      return interrupted(p.requestId);
    }
  }
}

const hashBody = (body: string): string => sha256Hex(body.trim());

/** "market Buy x2"; a flatten closes whatever is open, so it has no quantity, and a side only when it named one. */
function routedAction(s: Signal): string {
  if (s.orderType !== 'flatten') {
    return `${s.orderType} ${s.action} x${s.quantity}`;
  }
  return s.action ? `flatten ${s.action}` : 'flatten';
}
