import { Body, Controller, Delete, Get, HttpCode, Param, Put, UseGuards } from '@nestjs/common';
import { SetUserStatusBodyV1, Topic } from '@app/contracts';
import type { MessageContext, ReplyOf } from '@app/contracts';
import { MessageBus } from '@app/messaging';
import type { z } from 'zod';
import { AdminGuard } from '../auth/admin.guard';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { MsgCtx } from '../http/msg-context.decorator';
import { ZodPipe } from '../http/zod-body.pipe';
import { IdParam } from '../http/id-param.pipe';

/** /api/users: user management, administrators only. */
@Controller('api/users')
@UseGuards(JwtAuthGuard, AdminGuard)
export class UsersController {
  constructor(private readonly bus: MessageBus) {}

  @Get()
  list(@MsgCtx() ctx: MessageContext): Promise<ReplyOf<Topic.UsersList>> {
    return this.bus.send(Topic.UsersList, {}, ctx);
  }

  @Put(':id/status')
  setStatus(
    @Param('id', new IdParam('User not found.')) id: string,
    @Body(new ZodPipe(SetUserStatusBodyV1)) body: z.output<typeof SetUserStatusBodyV1>,
    @MsgCtx() ctx: MessageContext,
  ): Promise<ReplyOf<Topic.UsersSetStatus>> {
    return this.bus.send(Topic.UsersSetStatus, { id, ...body }, ctx);
  }

  @Delete(':id')
  @HttpCode(204)
  async delete(@Param('id', new IdParam('User not found.')) id: string, @MsgCtx() ctx: MessageContext): Promise<void> {
    await this.bus.send(Topic.UsersDelete, { id }, ctx);
  }
}
