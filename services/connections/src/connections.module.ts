import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HEALTH_TOPICS } from '@app/contracts';
import { dataSourceOptions } from '@app/database';
import type { DatabaseRuntime } from '@app/database';
import { RuntimeModule, createHealthController } from '@app/messaging';
import type { ServiceRuntime } from '@app/messaging';
import type { ConnectionsConfig } from './connections.settings';
import { ConnectionsFeatureModule } from './connections/connections.module';
import { BrokerAccountEntity } from './connections/entities/broker-account.entity';
import { ConnectionEntity } from './connections/entities/connection.entity';
import { Connections_SCHEMA, connectionsMigrations } from './migrations';

/** The connections service: wired the same way over Kafka and in the standalone process. */
@Module({})
export class ConnectionsModule {
  static forRoot(runtime: ServiceRuntime<ConnectionsConfig>, database: DatabaseRuntime): DynamicModule {
    return {
      module: ConnectionsModule,
      imports: [
        RuntimeModule.forRoot(runtime),
        TypeOrmModule.forRoot(
          dataSourceOptions(database, {
            schema: Connections_SCHEMA,
            entities: [ConnectionEntity, BrokerAccountEntity],
            migrations: connectionsMigrations,
          }),
        ),
        ConnectionsFeatureModule,
      ],
      controllers: [createHealthController('connections', HEALTH_TOPICS.connections)],
    };
  }
}
