import { Global, Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import type { BusClient, BusOptions } from './message-bus';
import { BUS_CLIENT, BUS_OPTIONS, MessageBus } from './message-bus';

export const APP_CONFIG = Symbol('APP_CONFIG');

/** How a service is wired in this process: its config and its bus client (Kafka or in-process). */
export interface ServiceRuntime<C = unknown> {
  config: C;
  bus: BusClient;
  busOptions: BusOptions;
}

/** Makes the config and the message bus injectable everywhere in one Nest application. */
@Global()
@Module({})
export class RuntimeModule {
  static forRoot(runtime: ServiceRuntime): DynamicModule {
    return {
      module: RuntimeModule,
      providers: [
        { provide: APP_CONFIG, useValue: runtime.config },
        { provide: BUS_CLIENT, useValue: runtime.bus },
        { provide: BUS_OPTIONS, useValue: runtime.busOptions },
        MessageBus,
      ],
      exports: [APP_CONFIG, BUS_CLIENT, MessageBus],
    };
  }
}
