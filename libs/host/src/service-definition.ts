import type { DynamicModule } from '@nestjs/common';
import type { ServiceName } from '@app/contracts';
import type { DatabaseRuntime } from '@app/database';
import type { ServiceRuntime } from '@app/messaging';
import type { z } from 'zod';

/**
 * What a host needs to know to run a service, whichever way it runs (its own process over Kafka,
 * or inside the standalone process). Each service exports one from `<name>.definition.ts`.
 */
export interface ServiceDefinition<S extends z.ZodRawShape = z.ZodRawShape> {
  name: Exclude<ServiceName, 'gateway'>;
  /** The service's own variables (beyond logging, Kafka and the database). */
  settings: S;
  /** Request topics of other services this one sends (it consumes their reply topics). */
  sendsTo: string[];
  /** Default HTTP port for probes and metrics when the service runs alone. */
  defaultPort: number;
  module(runtime: ServiceRuntime<z.output<z.ZodObject<S>>>, database: DatabaseRuntime): DynamicModule;
}
