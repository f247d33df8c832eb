import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ForgotPasswordV1, LoginV1, RegisterV1, ResetPasswordV1, Topic, ValidateResetTokenV1 } from '@app/contracts';
import type { MessageContext, ReplyOf } from '@app/contracts';
import { MessageBus } from '@app/messaging';
import type { z } from 'zod';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { MsgCtx } from '../http/msg-context.decorator';
import { ZodPipe } from '../http/zod-body.pipe';
import { RateLimited } from './rate-limit.interceptor';

/** /api/auth: registration, login, the current user and password reset (spec section 7). */
@Controller('api/auth')
export class AuthApiController {
  constructor(private readonly bus: MessageBus) {}

  @Post('register')
  @HttpCode(201)
  @RateLimited('register')
  register(
    @Body(new ZodPipe(RegisterV1)) body: z.output<typeof RegisterV1>,
    @MsgCtx() ctx: MessageContext,
  ): Promise<ReplyOf<Topic.AuthRegister>> {
    return this.bus.send(Topic.AuthRegister, body, ctx);
  }

  @Post('login')
  @HttpCode(200)
  @RateLimited('login')
  login(
    @Body(new ZodPipe(LoginV1)) body: z.output<typeof LoginV1>,
    @MsgCtx() ctx: MessageContext,
  ): Promise<ReplyOf<Topic.AuthLogin>> {
    return this.bus.send(Topic.AuthLogin, body, ctx);
  }

  @Get('me')
  @UseGuards(JwtAuthGuard)
  me(@MsgCtx() ctx: MessageContext): Promise<ReplyOf<Topic.AuthMe>> {
    return this.bus.send(Topic.AuthMe, {}, ctx);
  }

  @Post('forgot-password')
  @HttpCode(200)
  @RateLimited('forgot')
  forgot(
    @Body(new ZodPipe(ForgotPasswordV1)) body: z.output<typeof ForgotPasswordV1>,
    @MsgCtx() ctx: MessageContext,
  ): Promise<ReplyOf<Topic.AuthForgotPassword>> {
    return this.bus.send(Topic.AuthForgotPassword, body, ctx);
  }

  @Post('validate-reset-token')
  @HttpCode(200)
  validate(
    @Body(new ZodPipe(ValidateResetTokenV1)) body: z.output<typeof ValidateResetTokenV1>,
    @MsgCtx() ctx: MessageContext,
  ): Promise<ReplyOf<Topic.AuthValidateResetToken>> {
    return this.bus.send(Topic.AuthValidateResetToken, body, ctx);
  }

  @Post('reset-password')
  @HttpCode(200)
  reset(
    @Body(new ZodPipe(ResetPasswordV1)) body: z.output<typeof ResetPasswordV1>,
    @MsgCtx() ctx: MessageContext,
  ): Promise<ReplyOf<Topic.AuthResetPassword>> {
    return this.bus.send(Topic.AuthResetPassword, body, ctx);
  }
}
