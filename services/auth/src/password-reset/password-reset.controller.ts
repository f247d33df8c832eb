import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Topic } from '@app/contracts';
import type { ReplyOf } from '@app/contracts';
import { OnRequest } from '@app/messaging';
import type { Msg } from '@app/messaging';
import { PasswordResetService } from './password-reset.service';

@Controller()
export class PasswordResetController {
  constructor(private readonly reset: PasswordResetService) {}

  @OnRequest(Topic.AuthForgotPassword)
  forgot(@Payload() msg: Msg<Topic.AuthForgotPassword>): Promise<ReplyOf<Topic.AuthForgotPassword>> {
    return this.reset.forgot(msg.payload.email, msg.correlationId);
  }

  @OnRequest(Topic.AuthValidateResetToken)
  validate(@Payload() msg: Msg<Topic.AuthValidateResetToken>): Promise<ReplyOf<Topic.AuthValidateResetToken>> {
    return this.reset.validate(msg.payload.token);
  }

  @OnRequest(Topic.AuthResetPassword)
  resetPassword(@Payload() msg: Msg<Topic.AuthResetPassword>): Promise<ReplyOf<Topic.AuthResetPassword>> {
    return this.reset.reset(msg.payload.token, msg.payload.new_password);
  }
}
