import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { RuntimeModule } from '@app/messaging';
import type { ServiceRuntime } from '@app/messaging';
import type { GatewayConfig } from './gateway.settings';
import { AuthGuardModule } from './auth/auth-guard.module';
import { HealthModule } from './health/health.module';
import { ApiErrorFilter } from './http/error.filter';
import { LogsModule } from './logs/logs.module';
import { WebhooksModule } from './webhooks/webhooks.module';

/** The only public HTTP surface: validates, authenticates and turns each call into a message. */
@Module({})
export class GatewayModule {
  static forRoot(runtime: ServiceRuntime<GatewayConfig>): DynamicModule {
    return {
      module: GatewayModule,
      imports: [RuntimeModule.forRoot(runtime), AuthGuardModule, HealthModule, WebhooksModule, LogsModule],
      providers: [{ provide: APP_FILTER, useClass: ApiErrorFilter }],
    };
  }
}
