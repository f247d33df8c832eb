import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HEALTH_TOPICS } from '@app/contracts';
import { dataSourceOptions } from '@app/database';
import type { DatabaseRuntime } from '@app/database';
import { ContractInterceptor, RuntimeModule, createHealthController } from '@app/messaging';
import type { ServiceRuntime } from '@app/messaging';
import type { ExecutionConfig } from './execution.settings';
import { Execution_SCHEMA, executionMigrations } from './migrations';

/** The execution service: wired the same way over Kafka and in the standalone process. */
@Module({})
export class ExecutionModule {
  static forRoot(runtime: ServiceRuntime<ExecutionConfig>, database: DatabaseRuntime): DynamicModule {
    return {
      module: ExecutionModule,
      imports: [
        RuntimeModule.forRoot(runtime),
        TypeOrmModule.forRoot(
          dataSourceOptions(database, { schema: Execution_SCHEMA, entities: [], migrations: executionMigrations }),
        ),
      ],
      controllers: [createHealthController('execution', HEALTH_TOPICS.execution)],
      providers: [ContractInterceptor],
    };
  }
}
