import type { ServiceDefinition } from '@app/host';
import { TradingModule } from './trading.module';
import { tradingSettings } from './trading.settings';

export const tradingDefinition: ServiceDefinition<typeof tradingSettings> = {
  name: 'trading',
  settings: tradingSettings,
  sendsTo: [],
  defaultPort: 3003,
  module: (runtime, database) => TradingModule.forRoot(runtime, database),
};
