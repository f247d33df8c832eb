import type { ServiceDefinition } from '@app/host';
import { AuthModule } from './auth.module';
import { authSettings } from './auth.settings';

export const authDefinition: ServiceDefinition<typeof authSettings> = {
  name: 'auth',
  settings: authSettings,
  sendsTo: [],
  defaultPort: 3001,
  module: (runtime, database) => AuthModule.forRoot(runtime, database),
};
