import { Module } from '@nestjs/common';
import { TradovateOAuthController } from './tradovate-oauth.controller';

@Module({ controllers: [TradovateOAuthController] })
export class TradovateOAuthModule {}
