import { Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { Topic } from '@app/contracts';
import type { MessageContext } from '@app/contracts';
import { MessageBus } from '@app/messaging';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { MsgCtx } from '../http/msg-context.decorator';

/**
 * The signed-in user's webhook URL. TradingView's POST to it is answered ahead of Express and Nest
 * (`answerWebhooksFirst`, webhook-route.ts), by WebhookIntake.
 */
@Controller('api/webhooks')
export class WebhooksController {
  constructor(private readonly bus: MessageBus) {}

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
