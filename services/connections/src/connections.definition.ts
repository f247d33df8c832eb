import type { ServiceDefinition } from '@app/host';
import { ConnectionsModule } from './connections.module';
import { connectionsSettings } from './connections.settings';

export const connectionsDefinition: ServiceDefinition<typeof connectionsSettings> = {
  name: 'connections',
  settings: connectionsSettings,
  sendsTo: [],
  defaultPort: 3002,
  module: (runtime, database) => ConnectionsModule.forRoot(runtime, database),
};
