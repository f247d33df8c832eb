import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, UseGuards } from '@nestjs/common';
import { CreateGroupV1, Topic, UpdateGroupBodyV1 } from '@app/contracts';
import type { GroupV1, MessageContext } from '@app/contracts';
import { MessageBus } from '@app/messaging';
import { z } from 'zod';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { IdParam } from '../http/id-param.pipe';
import { MsgCtx } from '../http/msg-context.decorator';
import { ZodPipe } from '../http/zod-body.pipe';

const GroupId = new IdParam('Group not found');

/** Trading groups (spec §7): the trading service owns them; the user comes from the token. */
@Controller('api/groups')
@UseGuards(JwtAuthGuard)
export class GroupsController {
  constructor(private readonly bus: MessageBus) {}

  @Get()
  list(@MsgCtx() ctx: MessageContext): Promise<GroupV1[]> {
    return this.bus.send(Topic.GroupsList, {}, ctx);
  }

  @Post()
  create(
    @Body(new ZodPipe(CreateGroupV1)) body: z.output<typeof CreateGroupV1>,
    @MsgCtx() ctx: MessageContext,
  ): Promise<GroupV1> {
    return this.bus.send(Topic.GroupsCreate, body, ctx);
  }

  @Put(':id')
  update(
    @Param('id', GroupId) id: string,
    @Body(new ZodPipe(UpdateGroupBodyV1)) body: z.output<typeof UpdateGroupBodyV1>,
    @MsgCtx() ctx: MessageContext,
  ): Promise<GroupV1> {
    return this.bus.send(Topic.GroupsUpdate, { ...body, id }, ctx);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  async remove(@Param('id', GroupId) id: string, @MsgCtx() ctx: MessageContext): Promise<void> {
    await this.bus.send(Topic.GroupsDelete, { id }, ctx);
  }
}
