import { DomainError } from '@app/contracts';
import type { AlertRouteChangedV1, LogEventV1, Topic, WebhookRefusalV1, WebhookResultV1 } from '@app/contracts';
import type { Msg } from '@app/messaging';
import { contractRefOf } from '../broker/contract-cache';
import { journalledAction } from '../logs/journalled-action';
import type { NamedAction } from '../logs/journalled-action';
import type { JournalRepository } from './journal.repository';
import { bodyForLog, textForLog } from './parse-signal';
import type { Signal } from './signal';

export type WebhookPayload = Msg<Topic.WebhookReceived>['payload'];

/** What is known of a webhook so far: its trade-log entry names as much of it as was learnt before it stopped. */
export interface Known {
  userId: string;
  /** sha256 of the trimmed body: the journal's body hash and, with the alert, the duplicate window's key. */
  bodyHash: string;
  signal?: Signal;
  /** What a body the parser refused still named validly (its order type, its side): the trade log shows it. */
  named?: NamedAction;
  route?: AlertRouteChangedV1;
}

/** The HTTP status TradingView is answered with for each refusal (400 for any other). */
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

/** The journal's columns that say which webhook this is: who sent it, for which alert, and what it said. */
export const headerOf = (p: WebhookPayload, known: Known) => ({
  userId: known.userId,
  requestId: p.requestId,
  alertId: known.route?.alertId ?? null,
  alertName: known.route?.name ?? null,
  symbol: symbolOf(known),
  action: journalledAction(known.signal ?? known.named ?? { orderType: null, action: null }),
  request: p.tooLarge ? '(body over 64 KB, not kept)' : bodyForLog(p.body),
  rawBody: textForLog(p.body),
  bodyHash: known.bodyHash,
});

/**
 * The symbol the trade log shows: the contract traded (`contractRefOf`, as the fan-out chooses it). A mapped contract
 * is named as the alert saved it, so an "ES1!" message on an alert mapped to MNQZ6 is logged as MNQZ6, which it traded.
 */
const symbolOf = ({ route, signal }: Known): string | null => {
  if (!route) {
    return signal?.symbol ?? null;
  }
  const ref = contractRefOf(route, signal);
  // A mapped contract saved without its name (only through the API) falls back to what the message said.
  return ref.symbolId !== null ? (route.symbol ?? signal?.symbol ?? null) : ref.symbol;
};

/** The answer when orders may be out but the outcome could not be recorded: never an error TradingView would resend. */
export const interrupted = (requestId: string): WebhookResultV1 => ({
  message: 'Orders were sent but the outcome could not be recorded; see the trade log',
  successful: 0,
  failed: 0,
  total: 0,
  results: [],
  request_id: requestId,
  processed_orders: 0,
  failed_orders: 0,
});

const event = (at: string, type: LogEventV1['type'], message: string): LogEventV1 => ({ at, type, message });

/**
 * The trade log's entries for webhooks that place nothing: a refusal, with the status and message its caller is
 * answered with, and a duplicate of a signal moments before, answered with the first one's result.
 */
export class WebhookRecords {
  constructor(private readonly journal: JournalRepository) {}

  /** Journals the refusal and throws it on; an error that is not a refusal is thrown on unjournalled. */
  async reject(p: WebhookPayload, known: Known, err: unknown): Promise<never> {
    if (!(err instanceof DomainError)) {
      throw err;
    }
    // Written whole, with its answer, in one statement: a flood of refusals (a rate-limited alert firing in a loop)
    // costs the database one row each.
    await this.journal.createWebhook({
      ...headerOf(p, known),
      status: 'rejected',
      events: [
        event(p.receivedAt, 'received', 'Webhook received'),
        { ...event(new Date().toISOString(), 'rejected', err.message), outcome: err.code },
      ],
      httpStatus: STATUS[err.code] ?? 400,
      response: { detail: err.message, code: err.code, requestId: p.requestId } satisfies WebhookRefusalV1,
    });
    throw err;
  }

  /** Journals a repeat of `first` and answers it with the first one's result (or its error). */
  async duplicate(
    p: WebhookPayload,
    known: Known,
    first: { value: Promise<WebhookResultV1>; requestId: string },
  ): Promise<WebhookResultV1> {
    const message = `Same signal as request ${first.requestId} moments ago; nothing placed, its result is returned`;
    const webhook = await this.journal.createWebhook({
      ...headerOf(p, known),
      status: 'duplicate',
      events: [
        event(p.receivedAt, 'received', 'Webhook received'),
        event(new Date().toISOString(), 'completed', message),
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
}
