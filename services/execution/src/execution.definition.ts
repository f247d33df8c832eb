import type { ServiceDefinition } from '@app/host';
import { ExecutionModule } from './execution.module';
import { executionSettings } from './execution.settings';

export const executionDefinition: ServiceDefinition<typeof executionSettings> = {
  name: 'execution',
  settings: executionSettings,
  sendsTo: [],
  defaultPort: 3004,
  module: (runtime, database) => ExecutionModule.forRoot(runtime, database),
};
