import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { withoutTrailingSlashes } from '@app/common';
import { DomainError } from '@app/contracts';
import type { MessageContext, OAuthCallbackV1 } from '@app/contracts';
import { APP_CONFIG } from '@app/messaging';
import { TradovateClient } from '@app/tradovate';
import type { ConnectionsConfig } from '../connections.settings';
import { ConnectionEvents } from '../connections/connection.events';
import { ConnectionSyncService } from '../connections/connection-sync.service';
import { ConnectionsRepository } from '../connections/connections.repository';
import { DEFAULT_APP_ID, DEFAULT_APP_VERSION } from '../connections/connections.service';
import { OAuthStateSigner } from './oauth-state';

const SCREEN = '/connections';

/** "Add connection": the provider's consent page, then the callback that creates the connection. */
@Injectable()
export class OAuthService {
  private readonly logger = new Logger(OAuthService.name);
  private readonly states: OAuthStateSigner;

  constructor(
    @Inject(APP_CONFIG) private readonly config: ConnectionsConfig,
    private readonly client: TradovateClient,
    private readonly repo: ConnectionsRepository,
    private readonly sync: ConnectionSyncService,
    private readonly events: ConnectionEvents,
  ) {
    this.states = new OAuthStateSigner(config.ENCRYPTION_KEY);
  }

  private get redirectUri(): string {
    return `${withoutTrailingSlashes(this.config.PUBLIC_URL)}/api/tradovate/callback`;
  }

  authorizeUrl(userId: string | null): { url: string } {
    if (!userId) {
      throw new DomainError('UNAUTHORIZED', 'Not authenticated. Please sign in.');
    }
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: this.config.TRADOVATE_CLIENT_ID,
      redirect_uri: this.redirectUri,
      scope: 'read trade',
      state: this.states.sign(userId),
    });
    return { url: `${this.config.TRADOVATE_OAUTH_URL}?${query.toString().replace(/\+/g, '%20')}` };
  }

  /** Always answers where to send the browser; failures become `?error=` (or `?code=1` for a bad state). */
  async callback(input: OAuthCallbackV1, ctx: MessageContext): Promise<{ location: string }> {
    if (input.error) {
      return screen({ error: input.error_description || input.error });
    }
    if (!input.code) {
      return screen({ error: 'The provider sent no authorization code' });
    }
    const userId = this.states.verify(input.state);
    if (!userId) {
      return screen({ code: '1' });
    }
    try {
      await this.connect(userId, input.code, { ...ctx, userId });
      return screen({ added: '1' });
    } catch (err) {
      this.logger.warn({ err, requestId: ctx.correlationId }, 'OAuth callback failed');
      return screen({ error: err instanceof DomainError ? err.message : 'Could not complete the Tradovate sign-in' });
    }
  }

  private async connect(userId: string, code: string, ctx: MessageContext): Promise<void> {
    const token = await this.client.exchangeOAuthCode({
      code,
      redirectUri: this.redirectUri,
      clientId: this.config.TRADOVATE_CLIENT_ID,
      clientSecret: this.config.TRADOVATE_CLIENT_SECRET,
    });
    // OAuth tokens are valid on both hosts; /auth/me answers the same on either.
    const me = await this.client.me('demo', token.accessToken);
    const c =
      (await this.repo.findOAuth(userId, me.userId)) ??
      this.repo.create({
        userId,
        authType: 'oauth',
        brokerUserId: me.userId,
        appId: DEFAULT_APP_ID,
        appVersion: DEFAULT_APP_VERSION,
        deviceId: randomUUID(),
        nickname: me.name,
        connectedAccounts: [],
        environment: 'demo',
      });
    c.username = me.name;
    if (!c.id) {
      c.status = 'active';
      await this.repo.save(c); // the accounts refer to its id
    }
    this.sync.store(c, token);
    const accounts = await this.sync.syncAccounts(c, token.accessToken);
    c.environment = accounts.some((a) => a.environment === 'demo') || accounts.length === 0 ? 'demo' : 'live';
    await this.repo.save(c);
    await this.events.changed(c, ctx);
  }
}

const screen = (params: Record<string, string>): { location: string } => ({
  location: `${SCREEN}?${new URLSearchParams(params).toString()}`,
});
