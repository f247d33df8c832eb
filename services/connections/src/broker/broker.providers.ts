import { Injectable } from '@nestjs/common';
import type { OnModuleDestroy, Provider } from '@nestjs/common';
import { SecretBox } from '@app/common';
import { APP_CONFIG } from '@app/messaging';
import { TradovateClient } from '@app/tradovate';
import type { ConnectionsConfig } from '../connections.settings';

/** Seals broker passwords, API secrets and tokens (ENCRYPTION_KEY is shared with execution). */
export const secretBoxProvider: Provider = {
  provide: SecretBox,
  inject: [APP_CONFIG],
  useFactory: (config: ConnectionsConfig) => new SecretBox(config.ENCRYPTION_KEY),
};

/** One keep-alive client to Tradovate (or the sandbox simulator) for the whole service. */
export const tradovateClientProvider: Provider = {
  provide: TradovateClient,
  inject: [APP_CONFIG],
  useFactory: (config: ConnectionsConfig) =>
    new TradovateClient({
      demoUrl: config.TRADOVATE_DEMO_URL,
      liveUrl: config.TRADOVATE_LIVE_URL,
      oauthTokenUrl: config.TRADOVATE_OAUTH_TOKEN_URL,
      timeoutMs: config.TRADOVATE_TIMEOUT_MS,
    }),
};

/** Closes the client's keep-alive pool with the service. */
@Injectable()
export class TradovateClientCloser implements OnModuleDestroy {
  constructor(private readonly client: TradovateClient) {}

  onModuleDestroy(): Promise<void> {
    return this.client.close();
  }
}
