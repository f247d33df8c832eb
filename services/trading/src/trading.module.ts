import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HEALTH_TOPICS } from '@app/contracts';
import { dataSourceOptions } from '@app/database';
import type { DatabaseRuntime } from '@app/database';
import { RuntimeModule, createHealthController } from '@app/messaging';
import type { ServiceRuntime } from '@app/messaging';
import { AlertsModule } from './alerts/alerts.module';
import { tradingEntities } from './trading.entities';
import type { TradingConfig } from './trading.settings';
import { GroupsModule } from './groups/groups.module';
import { Trading_SCHEMA, tradingMigrations } from './migrations';
import { ProjectionModule } from './projection/projection.module';

/** The trading service: wired the same way over Kafka and in the standalone process. */
@Module({})
export class TradingModule {
  static forRoot(runtime: ServiceRuntime<TradingConfig>, database: DatabaseRuntime): DynamicModule {
    return {
      module: TradingModule,
      imports: [
        RuntimeModule.forRoot(runtime),
        TypeOrmModule.forRoot(
          dataSourceOptions(database, {
            schema: Trading_SCHEMA,
            entities: tradingEntities,
            migrations: tradingMigrations,
          }),
        ),
        ProjectionModule,
        GroupsModule,
        AlertsModule,
      ],
      controllers: [createHealthController('trading', HEALTH_TOPICS.trading)],
    };
  }
}
