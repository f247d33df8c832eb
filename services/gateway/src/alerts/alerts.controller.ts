import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, UseGuards } from '@nestjs/common';
import { CreateAlertV1, Topic, UpdateAlertBodyV1 } from '@app/contracts';
import type { AlertV1, MessageContext } from '@app/contracts';
import { MessageBus } from '@app/messaging';
import { z } from 'zod';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { IdParam } from '../http/id-param.pipe';
import { MsgCtx } from '../http/msg-context.decorator';
import { ZodPipe } from '../http/zod-body.pipe';

const AlertId = new IdParam('Alert not found');

/** Trading alerts (spec §7): the trading service owns them; the user comes from the token. */
@Controller('api/alerts')
@UseGuards(JwtAuthGuard)
export class AlertsController {
  constructor(private readonly bus: MessageBus) {}

  @Get()
  list(@MsgCtx() ctx: MessageContext): Promise<AlertV1[]> {
    return this.bus.send(Topic.AlertsList, {}, ctx);
  }

  @Post()
  create(
    @Body(new ZodPipe(CreateAlertV1)) body: z.output<typeof CreateAlertV1>,
    @MsgCtx() ctx: MessageContext,
  ): Promise<AlertV1> {
    return this.bus.send(Topic.AlertsCreate, body, ctx);
  }

  @Put(':id')
  update(
    @Param('id', AlertId) id: string,
    @Body(new ZodPipe(UpdateAlertBodyV1)) body: z.output<typeof UpdateAlertBodyV1>,
    @MsgCtx() ctx: MessageContext,
  ): Promise<AlertV1> {
    return this.bus.send(Topic.AlertsUpdate, { ...body, id }, ctx);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  async remove(@Param('id', AlertId) id: string, @MsgCtx() ctx: MessageContext): Promise<void> {
    await this.bus.send(Topic.AlertsDelete, { id }, ctx);
  }
}
