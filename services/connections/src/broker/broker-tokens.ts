import { Inject, Injectable } from '@nestjs/common';
import { SecretBox } from '@app/common';
import { DomainError } from '@app/contracts';
import { APP_CONFIG } from '@app/messaging';
import { TradovateClient, isBrokerError } from '@app/tradovate';
import type { ConnectionsConfig } from '../connections.settings';
import type { ConnectionEntity } from '../connections/entities/connection.entity';

export interface ObtainedToken {
  accessToken: string;
  expiresAt: number;
  refreshToken?: string;
  /** The broker user's name, when the answer carried it. */
  name?: string;
}

/**
 * Gets a Tradovate access token for a connection: a new one from the stored credentials, or a
 * renewal of the current one (falling back to the credentials, or to the OAuth refresh token).
 */
@Injectable()
export class BrokerTokens {
  constructor(
    private readonly client: TradovateClient,
    private readonly box: SecretBox,
    @Inject(APP_CONFIG) private readonly config: ConnectionsConfig,
  ) {}

  /** A brand-new token (credentials), or for OAuth connections the renewal path. */
  async fresh(c: ConnectionEntity): Promise<ObtainedToken> {
    if (c.authType === 'oauth') {
      return this.renew(c);
    }
    if (!c.username || !c.passwordEnc) {
      throw new DomainError('BROKER_AUTH_FAILED', 'Username and password are required to connect to Tradovate');
    }
    const token = await this.client.requestAccessToken(c.environment, {
      name: c.username,
      password: this.box.decrypt(c.passwordEnc),
      appId: c.appId,
      appVersion: c.appVersion,
      deviceId: c.deviceId,
      cid: c.cid ?? 0,
      sec: c.secEnc ? this.box.decrypt(c.secEnc) : '',
    });
    return { accessToken: token.accessToken, expiresAt: token.expiresAt, name: token.name };
  }

  /** Renews the current token; when that is impossible, starts over with what the connection has. */
  async renew(c: ConnectionEntity): Promise<ObtainedToken> {
    if (c.accessTokenEnc) {
      try {
        const token = await this.client.renewAccessToken(c.environment, this.box.decrypt(c.accessTokenEnc));
        return { accessToken: token.accessToken, expiresAt: token.expiresAt, name: token.name };
      } catch (err) {
        if (!isBrokerError(err)) {
          throw err;
        }
      }
    }
    return c.authType === 'oauth' ? this.refreshOAuth(c) : this.fresh(c);
  }

  private async refreshOAuth(c: ConnectionEntity): Promise<ObtainedToken> {
    if (!c.refreshTokenEnc) {
      throw new DomainError(
        'BROKER_AUTH_FAILED',
        'The Tradovate session has expired. Please add the connection again.',
      );
    }
    const token = await this.client.refreshOAuthToken({
      refreshToken: this.box.decrypt(c.refreshTokenEnc),
      clientId: this.config.TRADOVATE_CLIENT_ID,
      clientSecret: this.config.TRADOVATE_CLIENT_SECRET,
    });
    return { accessToken: token.accessToken, expiresAt: token.expiresAt, refreshToken: token.refreshToken };
  }
}
