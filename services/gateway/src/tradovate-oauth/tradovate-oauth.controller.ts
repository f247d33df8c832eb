import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { OAuthCallbackV1, Topic } from '@app/contracts';
import type { MessageContext } from '@app/contracts';
import { MessageBus } from '@app/messaging';
import type { Response } from 'express';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { MsgCtx } from '../http/msg-context.decorator';

const failed = (message: string): string => `/connections?${new URLSearchParams({ error: message }).toString()}`;

/** "Add connection" through Tradovate's OAuth consent page (spec §7). */
@Controller('api/tradovate')
export class TradovateOAuthController {
  constructor(private readonly bus: MessageBus) {}

  /** Where to send the browser: the provider's page, with a signed short-lived state naming the caller. */
  @Get('oauth-url')
  @UseGuards(JwtAuthGuard)
  url(@MsgCtx() ctx: MessageContext): Promise<{ url: string }> {
    return this.bus.send(Topic.ConnectionsOAuthUrl, {}, ctx);
  }

  /**
   * Public: the browser arrives from the provider without our token (the signed state names the
   * user). Always a redirect to the connections screen, never an error page.
   */
  @Get('callback')
  async callback(@Query() query: unknown, @MsgCtx() ctx: MessageContext, @Res() res: Response): Promise<void> {
    const parsed = OAuthCallbackV1.safeParse(query ?? {});
    const location = parsed.success
      ? await this.bus
          .send(Topic.ConnectionsOAuthCallback, parsed.data, ctx)
          .then((r) => r.location)
          .catch(() => failed('Could not complete the Tradovate sign-in. Please try again.'))
      : failed('The sign-in answer from Tradovate was not understood');
    res.redirect(302, location);
  }
}
