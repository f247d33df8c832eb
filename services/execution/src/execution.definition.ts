import { Topic } from '@app/contracts';
import type { ServiceDefinition } from '@app/host';
import { ExecutionModule } from './execution.module';
import { executionSettings } from './execution.settings';

export const executionDefinition: ServiceDefinition<typeof executionSettings> = {
  name: 'execution',
  settings: executionSettings,
  // Fallbacks when the read model misses (the hot path normally asks nobody).
  sendsTo: [Topic.AlertsRoute, Topic.ConnectionsBrokerSession],
  defaultPort: 3004,
  module: (runtime, database) => ExecutionModule.forRoot(runtime, database),
};
