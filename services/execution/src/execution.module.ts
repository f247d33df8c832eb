import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HEALTH_TOPICS } from '@app/contracts';
import { dataSourceOptions } from '@app/database';
import type { DatabaseRuntime } from '@app/database';
import { RuntimeModule, createHealthController } from '@app/messaging';
import type { ServiceRuntime } from '@app/messaging';
import { BrokerAccess } from './broker/broker-access.service';
import { ContractCache } from './broker/contract-cache';
import { EndpointService } from './endpoints/endpoint.service';
import {
  AlertRouteEntity,
  BrokerConnectionEntity,
  InactiveUserEntity,
  SystemRejectionEntity,
} from './entities/read-model.entities';
import { WebhookEndpointEntity } from './entities/webhook-endpoint.entity';
import { WebhookEntity } from './entities/webhook.entity';
import type { ExecutionConfig } from './execution.settings';
import { LogsController } from './logs/logs.controller';
import { LogsService } from './logs/logs.service';
import { TradeLogRetention } from './logs/trade-log-retention';
import { Execution_SCHEMA, executionMigrations } from './migrations';
import { ReadModelController } from './read-model/read-model.controller';
import { ReadModelMemory } from './read-model/read-model-memory';
import { ReadModelRepository } from './read-model/read-model.repository';
import { FINISH_LINGER, FanOutJournal, finishLingerFor } from './webhooks/fan-out-journal';
import { FanOutService } from './webhooks/fan-out.service';
import { JournalRepository } from './webhooks/journal.repository';
import { ResumeService } from './webhooks/resume.service';
import { INTAKE_LOG, intakeLogFor } from './webhooks/intake-log';
import { IntakeLookup } from './webhooks/intake-lookup';
import { RouteLookup } from './webhooks/route-lookup';
import { WebhookController } from './webhooks/webhook.controller';
import { WebhookLease } from './webhooks/webhook-lease';
import { WebhookService } from './webhooks/webhook.service';

const entities = [
  WebhookEndpointEntity,
  WebhookEntity,
  AlertRouteEntity,
  BrokerConnectionEntity,
  SystemRejectionEntity,
  InactiveUserEntity,
];

/** The execution service: wired the same way over Kafka and in the standalone process. */
@Module({})
export class ExecutionModule {
  static forRoot(runtime: ServiceRuntime<ExecutionConfig>, database: DatabaseRuntime): DynamicModule {
    return {
      module: ExecutionModule,
      imports: [
        RuntimeModule.forRoot(runtime),
        TypeOrmModule.forRoot(
          dataSourceOptions(database, { schema: Execution_SCHEMA, entities, migrations: executionMigrations }),
        ),
        TypeOrmModule.forFeature(entities),
      ],
      controllers: [
        createHealthController('execution', HEALTH_TOPICS.execution),
        WebhookController,
        LogsController,
        ReadModelController,
      ],
      providers: [
        // The embedded database cannot be opened by another process: this one writes every row of the read model.
        { provide: ReadModelMemory, useValue: new ReadModelMemory(database.kind === 'pglite') },
        { provide: FINISH_LINGER, useValue: finishLingerFor(database.kind) },
        { provide: INTAKE_LOG, useValue: intakeLogFor(database) },
        BrokerAccess,
        ContractCache,
        EndpointService,
        LogsService,
        ReadModelRepository,
        JournalRepository,
        FanOutJournal,
        FanOutService,
        IntakeLookup,
        RouteLookup,
        WebhookLease,
        WebhookService,
        ResumeService,
        TradeLogRetention,
      ],
    };
  }
}
