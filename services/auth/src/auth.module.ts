import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HEALTH_TOPICS } from '@app/contracts';
import { dataSourceOptions } from '@app/database';
import type { DatabaseRuntime } from '@app/database';
import { ContractInterceptor, RuntimeModule, createHealthController } from '@app/messaging';
import type { ServiceRuntime } from '@app/messaging';
import type { AuthConfig } from './auth.settings';
import { Auth_SCHEMA, authMigrations } from './migrations';

/** The auth service: wired the same way over Kafka and in the standalone process. */
@Module({})
export class AuthModule {
  static forRoot(runtime: ServiceRuntime<AuthConfig>, database: DatabaseRuntime): DynamicModule {
    return {
      module: AuthModule,
      imports: [
        RuntimeModule.forRoot(runtime),
        TypeOrmModule.forRoot(
          dataSourceOptions(database, { schema: Auth_SCHEMA, entities: [], migrations: authMigrations }),
        ),
      ],
      controllers: [createHealthController('auth', HEALTH_TOPICS.auth)],
      providers: [ContractInterceptor],
    };
  }
}
