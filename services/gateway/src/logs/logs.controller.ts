import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { LogsListV1, Topic } from '@app/contracts';
import type { MessageContext, ReplyOf } from '@app/contracts';
import { MessageBus } from '@app/messaging';
import type { z } from 'zod';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { IdParam } from '../http/id-param.pipe';
import { MsgCtx } from '../http/msg-context.decorator';
import { ZodPipe } from '../http/zod-body.pipe';

/** The caller's trade logs. */
@Controller('api/logs')
@UseGuards(JwtAuthGuard)
export class LogsController {
  constructor(private readonly bus: MessageBus) {}

  @Get()
  list(
    @Query(new ZodPipe(LogsListV1)) query: z.output<typeof LogsListV1>,
    @MsgCtx() ctx: MessageContext,
  ): Promise<ReplyOf<Topic.LogsList>> {
    return this.bus.send(Topic.LogsList, query, ctx);
  }

  @Get(':id')
  get(
    @Param('id', new IdParam('Trade log not found')) id: string,
    @MsgCtx() ctx: MessageContext,
  ): Promise<ReplyOf<Topic.LogsGet>> {
    return this.bus.send(Topic.LogsGet, { id }, ctx);
  }
}
