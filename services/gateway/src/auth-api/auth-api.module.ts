import { Module } from '@nestjs/common';
import { UsersController } from '../users/users.controller';
import { AuthApiController } from './auth-api.controller';
import { AuthRateLimitInterceptor } from './rate-limit.interceptor';

/** Accounts and access over HTTP: /api/auth and /api/users (the admin screens). */
@Module({ controllers: [AuthApiController, UsersController], providers: [AuthRateLimitInterceptor] })
export class AuthApiModule {}
