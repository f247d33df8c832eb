import { Inject, Injectable, Logger } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { sha256Hex } from '@app/common';
import { DomainError } from '@app/contracts';
import type { Topic } from '@app/contracts';
import type {
  AlertRouteChangedV1,
  LogEventV1,
  MessageContext,
  WebhookRefusalV1,
  WebhookResultV1,
} from '@app/contracts';
import { isDatabaseUnavailable } from '@app/database';
import { APP_CONFIG } from '@app/messaging';
import type { Msg } from '@app/messaging';
import type { ExecutionConfig } from '../execution.settings';
import { WebhookEntity } from '../entities/webhook.entity';
import { journalledAction } from '../logs/journalled-action';
import { DedupWindow } from './dedup-window';
import { FanOutService } from './fan-out.service';
import { INTAKE_LOG } from './intake-log';
import type { IntakeEntry, IntakeLog, IntakeTicket } from './intake-log';
import { IntakeLookup } from './intake-lookup';
import { JournalRepository } from './journal.repository';
import { bodyForLog, parseSignal, peekAlertId, textForLog } from './parse-signal';
import { RateLimiter } from './rate-limiter';
import { ResumeService } from './resume.service';
import { RouteLookup } from './route-lookup';
import { WebhookLease } from './webhook-lease';
import type { Signal } from './signal';

const STATUS: Record<string, number> = {
  WEBHOOK_SECRET_UNKNOWN: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ALERT_INACTIVE: 409,
  NO_TARGET_ACCOUNTS: 422,
  VALIDATION_FAILED: 400,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
};

interface Known {
  userId: string;
  /** sha256 of the trimmed body: the journal's body hash and, with the alert, the duplicate window's key. */
  bodyHash: string;
  signal?: Signal;
  route?: AlertRouteChangedV1;
}

/** A webhook from TradingView: who sent it, is it valid, is it new, then the fan-out. Every outcome is logged. */
@Injectable()
export class WebhookService {
  private readonly logger = new Logger(WebhookService.name);
  private readonly limiter: RateLimiter;
  private readonly dedup: DedupWindow<WebhookResultV1>;
  /**
   * Webhooks of the intake log whose rows are not written yet, by request id: the exactly-once index cannot see them, so
   * a caller who sends one's id again as its X-Request-Id (the id a 202 answered with) is answered from here.
   */
  private readonly unwritten = new Map<string, Promise<WebhookResultV1>>();

  constructor(
    @Inject(APP_CONFIG) config: ExecutionConfig,
    private readonly intake: IntakeLookup,
    private readonly journal: JournalRepository,
    private readonly routes: RouteLookup,
    private readonly fanOut: FanOutService,
    private readonly lease: WebhookLease,
    private readonly resume: ResumeService,
    @Inject(INTAKE_LOG) private readonly intakeLog: IntakeLog | null,
  ) {
    this.limiter = new RateLimiter(config.WEBHOOK_RATE_LIMIT_PER_MIN);
    this.dedup = new DedupWindow(config.WEBHOOK_DEDUP_WINDOW_MS);
  }

  async receive(msg: Msg<Topic.WebhookReceived>): Promise<WebhookResultV1> {
    const p = msg.payload;
    // Parsed first (pure, no I/O) so that one statement can fetch the route along with the secret's owner;
    // an unparseable body is still rejected only after the secret was checked.
    let signal: Signal | undefined;
    let parseError: unknown;
    let alertId: string | null = null;
    if (!p.tooLarge) {
      try {
        signal = parseSignal(p.body);
        alertId = signal.alertId;
      } catch (err) {
        parseError = err;
        // A refused body may still name its alert: looked up alike, so the trade log can name it.
        alertId = peekAlertId(p.body);
      }
    }
    const intake = await this.intake.of(p.secret, p.requestId, alertId);
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
    const known: Known = { userId, bodyHash: hashBody(p.body) };
    if (intake.route?.userId === userId) {
      // A refusal from here on is logged under its alert's name and symbol; another user's alert stays unnamed.
      known.route = intake.route;
    }
    if (intake.inactive) {
      return this.reject(
        p,
        known,
        new DomainError(
          'FORBIDDEN',
          'This account is inactive (not approved, or deactivated by an administrator): its webhooks are not executed.',
        ),
      );
    }
    if (p.tooLarge) {
      return this.reject(p, known, new DomainError('PAYLOAD_TOO_LARGE', 'The alert message is larger than 64 KB.'));
    }
    if (!signal) {
      return this.reject(p, known, parseError);
    }
    known.signal = signal;
    let route: AlertRouteChangedV1 | null;
    try {
      route = intake.route ?? (await this.routes.askTrading(signal.alertId, ctx));
    } catch (err) {
      // Nothing was placed: a 503, which TradingView sends again (its 5xx resubmission), and a trade-log record.
      return this.reject(p, known, err);
    }
    if (!route || route.userId !== userId) {
      return this.reject(
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
      return this.duplicate(p, known, first);
    }
    const work = this.admit(p, known as Required<Known>, ctx);
    this.dedup.set(key, p.requestId, work);
    // Not executed for lack of a database: Kafka delivers it again, and then it must not be a duplicate of itself.
    work.catch((err: unknown) => isDatabaseUnavailable(err) && this.dedup.forget(key, p.requestId));
    return work;
  }

  private async admit(
    p: Msg<Topic.WebhookReceived>['payload'],
    known: Required<Known>,
    ctx: MessageContext,
  ): Promise<WebhookResultV1> {
    const { route, signal } = known;
    if (!this.limiter.take(known.userId)) {
      return this.reject(
        p,
        known,
        new DomainError('RATE_LIMITED', 'Too many webhooks this minute; this one was not executed.'),
      );
    }
    if (route.status !== 'active') {
      return this.reject(
        p,
        known,
        new DomainError('ALERT_INACTIVE', `Alert "${route.name}" is inactive; activate it to trade its signals.`),
      );
    }
    if (route.targets.length === 0) {
      return this.reject(
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
        message: `${signal.orderType} ${signal.action} x${signal.quantity} to ${route.targets.length} account(s)`,
      },
    ];
    // A request id the gateway made cannot come again: no other delivery to arbitrate with, so no row before the orders.
    if (this.intakeLog && p.freshRequestId) {
      return this.admitOnce(
        this.intakeLog,
        { id: uuidv7(), ...this.header(p, known), events, createdAt: now },
        signal,
        route,
        ctx,
      );
    }
    const running = this.unwritten.get(p.requestId);
    if (running) {
      return running;
    }
    let webhook;
    try {
      webhook = await this.journal.createWebhook({
        ...this.header(p, known),
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

  /**
   * The webhook journalled once (standalone): on record in the intake log before its orders go out, its row written
   * with its outcome and orders by the fan-out's closing write. No lease: no other instance shares the database.
   */
  private admitOnce(
    log: IntakeLog,
    entry: IntakeEntry,
    signal: Signal,
    route: AlertRouteChangedV1,
    ctx: MessageContext,
  ): Promise<WebhookResultV1> {
    const work = this.executeOnce(log, entry, signal, route, ctx);
    this.unwritten.set(entry.requestId, work);
    return work;
  }

  private async executeOnce(
    log: IntakeLog,
    entry: IntakeEntry,
    signal: Signal,
    route: AlertRouteChangedV1,
    ctx: MessageContext,
  ): Promise<WebhookResultV1> {
    const ticket = log.append(entry);
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
    });
    try {
      const result = await this.fanOut.execute(webhook, signal, route, ctx, false, entry);
      this.written(log, ticket, entry);
      return result;
    } catch (err) {
      this.logger.error({ err, requestId: entry.requestId }, 'fan-out failed');
      // Its row written as received, the resume sweep finishes it (looking its orders up first); failing that, the
      // intake log still holds it for the next start.
      this.journal.restore([entry]).then(
        () => this.written(log, ticket, entry),
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
  private written(log: IntakeLog, ticket: IntakeTicket, entry: IntakeEntry): void {
    log.settle(ticket);
    this.unwritten.delete(entry.requestId);
  }

  private async duplicate(
    p: Msg<Topic.WebhookReceived>['payload'],
    known: Known,
    first: { value: Promise<WebhookResultV1>; requestId: string },
  ): Promise<WebhookResultV1> {
    const message = `Same signal as request ${first.requestId} moments ago; nothing placed, its result is returned`;
    const webhook = await this.journal.createWebhook({
      ...this.header(p, known),
      status: 'duplicate',
      events: [
        this.event(p.receivedAt, 'received', 'Webhook received'),
        this.event(new Date().toISOString(), 'completed', message),
      ],
    });
    try {
      const result = await first.value;
      await this.journal.setWebhook(webhook.id, { httpStatus: 200, response: result });
      return result;
    } catch (err) {
      await this.journal.setWebhook(webhook.id, {
        httpStatus: err instanceof DomainError ? (STATUS[err.code] ?? 400) : 500,
      });
      throw err;
    }
  }

  private async reject(p: Msg<Topic.WebhookReceived>['payload'], known: Known, err: unknown): Promise<never> {
    if (!(err instanceof DomainError)) {
      throw err;
    }
    const httpStatus = STATUS[err.code] ?? 400;
    await this.journal
      .createWebhook({
        ...this.header(p, known),
        status: 'rejected',
        events: [
          this.event(p.receivedAt, 'received', 'Webhook received'),
          { ...this.event(new Date().toISOString(), 'rejected', err.message), outcome: err.code },
        ],
      })
      .then((w) =>
        this.journal.setWebhook(w.id, {
          httpStatus,
          response: { detail: err.message, code: err.code, requestId: p.requestId } satisfies WebhookRefusalV1,
        }),
      );
    throw err;
  }

  private header(p: Msg<Topic.WebhookReceived>['payload'], known: Known) {
    return {
      userId: known.userId,
      requestId: p.requestId,
      alertId: known.route?.alertId ?? null,
      alertName: known.route?.name ?? null,
      symbol: known.signal?.symbol ?? known.route?.symbol ?? null,
      action: known.signal ? journalledAction(known.signal) : null,
      request: p.tooLarge ? '(body over 64 KB, not kept)' : bodyForLog(p.body),
      rawBody: textForLog(p.body),
      bodyHash: known.bodyHash,
    };
  }

  private event(at: string, type: LogEventV1['type'], message: string): LogEventV1 {
    return { at, type, message };
  }
}

const hashBody = (body: string): string => sha256Hex(body.trim());

/** The answer when orders may be out but the outcome could not be recorded: never an error TradingView would resend. */
const interrupted = (requestId: string): WebhookResultV1 => ({
  message: 'Orders were sent but the outcome could not be recorded; see the trade log',
  successful: 0,
  failed: 0,
  total: 0,
  results: [],
  request_id: requestId,
  processed_orders: 0,
  failed_orders: 0,
});
