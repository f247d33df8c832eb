import { Controller, Get, HttpCode, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { DomainError, Topic } from '@app/contracts';
import type { MessageContext } from '@app/contracts';
import { sha256Hex } from '@app/common';
import { APP_CONFIG, MessageBus, ProduceReceipt } from '@app/messaging';
import type { Request, Response } from 'express';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { GatewayConfig } from '../gateway.settings';
import { MsgCtx } from '../http/msg-context.decorator';
import { readRawBody } from './raw-body';

const ALERT_ID = /"alert_id"\s*:\s*"([0-9a-fA-F-]{36})"/;

@Controller('api/webhooks')
export class WebhooksController {
  constructor(
    private readonly bus: MessageBus,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * TradingView's POST (public: the secret in the path is the credential). The body is read raw and
   * parsed by execution; past WEBHOOK_REPLY_TIMEOUT_MS we answer 202 and the trade log gets the result,
   * but only when the broker acknowledged the request: a 202 for a webhook still waiting in the
   * producer (broker down) could be lost, so that is a 503 and TradingView may send it again.
   */
  @Post('tradingview/:secret')
  async receive(
    @Param('secret') secret: string,
    @Req() req: Request & { id?: string },
    @Res() res: Response,
  ): Promise<void> {
    const { text, tooLarge } = await readRawBody(req);
    const requestId = String(req.id);
    // Partition by alert (ordering, dedup on one consumer), else by the secret's hash.
    const key = ALERT_ID.exec(text)?.[1] ?? sha256Hex(secret);
    // An id the caller did not send was made here, fresh: execution may then journal the webhook once it is finished.
    const fresh = req.header('x-request-id') !== requestId;
    const payload = {
      secret: secret.slice(0, 256),
      body: text,
      contentType: req.header('content-type') ?? null,
      receivedAt: new Date().toISOString(),
      requestId,
      ...(fresh ? { freshRequestId: true as const } : {}),
      ...(tooLarge ? { tooLarge } : {}),
    };
    const receipt = new ProduceReceipt();
    const reply = await this.bus.request(
      Topic.WebhookReceived,
      payload,
      { correlationId: requestId, userId: null },
      { key, timeoutMs: this.config.WEBHOOK_REPLY_TIMEOUT_MS, receipt },
    );
    if (reply.ok) {
      res.status(200).json(reply.data);
      return;
    }
    if (reply.error.code === 'TIMEOUT' && !receipt.produced) {
      throw new DomainError(
        'SERVICE_UNAVAILABLE',
        'The webhook could not be queued for execution (message broker unavailable); nothing was executed. Send it again.',
      );
    }
    if (reply.error.code === 'TIMEOUT') {
      res.status(202).json({ message: 'Accepted; orders are still being placed', request_id: requestId });
      return;
    }
    throw DomainError.fromBody(reply.error);
  }

  @Get('endpoint')
  @UseGuards(JwtAuthGuard)
  endpoint(@MsgCtx() ctx: MessageContext): Promise<{ url: string }> {
    return this.bus.send(Topic.WebhookEndpointGet, {}, ctx);
  }

  @Post('endpoint/rotate')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  rotate(@MsgCtx() ctx: MessageContext): Promise<{ url: string }> {
    return this.bus.send(Topic.WebhookEndpointRotate, {}, ctx);
  }
}
