import { Inject, Injectable } from '@nestjs/common';
import { DomainError, Topic } from '@app/contracts';
import type { WebhookResultV1 } from '@app/contracts';
import { sha256Hex } from '@app/common';
import { APP_CONFIG, MessageBus, ProduceReceipt } from '@app/messaging';
import type { GatewayConfig } from '../gateway.settings';

const ALERT_ID = /"alert_id"\s*:\s*"([0-9a-fA-F-]{36})"/;

/** One TradingView POST as the route read it: the secret from the path, the raw body, the request's id. */
export interface WebhookRequest {
  secret: string;
  text: string;
  tooLarge: boolean;
  contentType: string | null;
  requestId: string;
  /** The id was made here (the caller sent none): execution may then journal the webhook once it is finished. */
  freshRequestId: boolean;
}

export type WebhookAnswer =
  { status: 200; body: WebhookResultV1 } | { status: 202; body: { message: string; request_id: string } };

/**
 * Hands a webhook to execution and says what to answer TradingView. Past WEBHOOK_REPLY_TIMEOUT_MS that is a 202 and
 * the trade log gets the result, but only when the broker acknowledged the request: a 202 for a webhook still
 * waiting in the producer (broker down) could be lost, so that is a 503 and TradingView may send it again.
 * Refusals are thrown as DomainErrors, answered in the API's one error shape.
 */
@Injectable()
export class WebhookIntake {
  constructor(
    private readonly bus: MessageBus,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async receive(req: WebhookRequest): Promise<WebhookAnswer> {
    const { requestId } = req;
    // Partition by alert (ordering, dedup on one consumer), else by the secret's hash.
    const key = ALERT_ID.exec(req.text)?.[1] ?? sha256Hex(req.secret);
    const payload = {
      secret: req.secret.slice(0, 256),
      body: req.text,
      contentType: req.contentType,
      receivedAt: new Date().toISOString(),
      requestId,
      ...(req.freshRequestId ? { freshRequestId: true as const } : {}),
      ...(req.tooLarge ? { tooLarge: true } : {}),
    };
    const receipt = new ProduceReceipt();
    const reply = await this.bus.request(
      Topic.WebhookReceived,
      payload,
      { correlationId: requestId, userId: null },
      { key, timeoutMs: this.config.WEBHOOK_REPLY_TIMEOUT_MS, receipt },
    );
    if (reply.ok) {
      return { status: 200, body: reply.data };
    }
    if (reply.error.code === 'TIMEOUT' && !receipt.produced) {
      throw new DomainError(
        'SERVICE_UNAVAILABLE',
        'The webhook could not be queued for execution (message broker unavailable); nothing was executed. Send it again.',
      );
    }
    if (reply.error.code === 'TIMEOUT') {
      return { status: 202, body: { message: 'Accepted; orders are still being placed', request_id: requestId } };
    }
    throw DomainError.fromBody(reply.error);
  }
}
