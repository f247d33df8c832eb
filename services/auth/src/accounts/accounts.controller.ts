import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Topic } from '@app/contracts';
import type { ReplyOf } from '@app/contracts';
import { OnRequest } from '@app/messaging';
import type { Msg } from '@app/messaging';
import { AccountsService } from './accounts.service';

@Controller()
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @OnRequest(Topic.AuthRegister)
  register(@Payload() msg: Msg<Topic.AuthRegister>): Promise<ReplyOf<Topic.AuthRegister>> {
    return this.accounts.register(msg.payload.email, msg.payload.password);
  }

  @OnRequest(Topic.AuthLogin)
  login(@Payload() msg: Msg<Topic.AuthLogin>): Promise<ReplyOf<Topic.AuthLogin>> {
    return this.accounts.login(msg.payload.email, msg.payload.password);
  }

  @OnRequest(Topic.AuthMe)
  me(@Payload() msg: Msg<Topic.AuthMe>): Promise<ReplyOf<Topic.AuthMe>> {
    return this.accounts.me(msg.userId);
  }

  @OnRequest(Topic.AuthVerifySession)
  verifySession(@Payload() msg: Msg<Topic.AuthVerifySession>): Promise<ReplyOf<Topic.AuthVerifySession>> {
    return this.accounts.verifySession(msg.payload.userId, msg.payload.issuedAt);
  }
}
