import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { SymbolSearchV1, Topic } from '@app/contracts';
import type { MessageContext, SymbolSearchResultV1 } from '@app/contracts';
import { MessageBus } from '@app/messaging';
import type { z } from 'zod';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { MsgCtx } from '../http/msg-context.decorator';
import { ZodPipe } from '../http/zod-body.pipe';

/** Symbol mapping for alerts. No active connection or a broker failure is `success: false` with 200. */
@Controller('api/symbols')
@UseGuards(JwtAuthGuard)
export class SymbolsController {
  constructor(private readonly bus: MessageBus) {}

  @Post('search')
  @HttpCode(200)
  search(
    @Body(new ZodPipe(SymbolSearchV1)) body: z.output<typeof SymbolSearchV1>,
    @MsgCtx() ctx: MessageContext,
  ): Promise<SymbolSearchResultV1> {
    return this.bus.send(Topic.SymbolsSearch, body, ctx);
  }
}
