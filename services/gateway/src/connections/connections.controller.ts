import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { CreateConnectionV1, Topic, UpdateConnectionBodyV1 } from '@app/contracts';
import type { BrokerCheckResultV1, ConnectionV1, MessageContext } from '@app/contracts';
import { MessageBus } from '@app/messaging';
import type { z } from 'zod';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { IdParam } from '../http/id-param.pipe';
import { MsgCtx } from '../http/msg-context.decorator';
import { ZodPipe } from '../http/zod-body.pipe';

const ConnectionId = new IdParam('Connection not found');

/** Broker connections (spec §7). Passwords and API secrets go in, never come out. */
@Controller('api/connections')
@UseGuards(JwtAuthGuard)
export class ConnectionsController {
  constructor(private readonly bus: MessageBus) {}

  @Get()
  list(@MsgCtx() ctx: MessageContext): Promise<ConnectionV1[]> {
    return this.bus.send(Topic.ConnectionsList, {}, ctx);
  }

  @Post()
  create(
    @Body(new ZodPipe(CreateConnectionV1)) body: z.output<typeof CreateConnectionV1>,
    @MsgCtx() ctx: MessageContext,
  ): Promise<ConnectionV1> {
    return this.bus.send(Topic.ConnectionsCreate, body, ctx);
  }

  @Put(':id')
  update(
    @Param('id', ConnectionId) id: string,
    @Body(new ZodPipe(UpdateConnectionBodyV1)) body: z.output<typeof UpdateConnectionBodyV1>,
    @MsgCtx() ctx: MessageContext,
  ): Promise<ConnectionV1> {
    return this.bus.send(Topic.ConnectionsUpdate, { ...body, id }, ctx);
  }

  @Delete(':id')
  remove(@Param('id', ConnectionId) id: string, @MsgCtx() ctx: MessageContext): Promise<{ success: true }> {
    return this.bus.send(Topic.ConnectionsDelete, { id }, ctx);
  }

  /** 200 either way: `success` and the broker's `error` tell the outcome. */
  @Post(':id/test')
  @HttpCode(200)
  test(@Param('id', ConnectionId) id: string, @MsgCtx() ctx: MessageContext): Promise<BrokerCheckResultV1> {
    return this.bus.send(Topic.ConnectionsTest, { id }, ctx);
  }

  @Post(':id/refresh')
  @HttpCode(200)
  refresh(@Param('id', ConnectionId) id: string, @MsgCtx() ctx: MessageContext): Promise<BrokerCheckResultV1> {
    return this.bus.send(Topic.ConnectionsRefresh, { id }, ctx);
  }
}
