import { Controller, Get, UseGuards } from '@nestjs/common';
import { Topic } from '@app/contracts';
import type { AccountV1, MessageContext } from '@app/contracts';
import { MessageBus } from '@app/messaging';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { MsgCtx } from '../http/msg-context.decorator';

/** The caller's broker accounts across all connections (alert form's account picker). */
@Controller('api/accounts')
@UseGuards(JwtAuthGuard)
export class AccountsController {
  constructor(private readonly bus: MessageBus) {}

  @Get()
  list(@MsgCtx() ctx: MessageContext): Promise<AccountV1[]> {
    return this.bus.send(Topic.AccountsList, {}, ctx);
  }
}
