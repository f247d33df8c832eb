import { Injectable } from '@nestjs/common';
import { SecretBox } from '@app/common';
import { DomainError } from '@app/contracts';
import type { BrokerCheckResultV1, BrokerSessionV1, Environment, MessageContext } from '@app/contracts';
import { TradovateClient } from '@app/tradovate';
import { BrokerTokens } from '../broker/broker-tokens';
import type { ObtainedToken } from '../broker/broker-tokens';
import { ConnectionEvents } from './connection.events';
import { ConnectionsRepository } from './connections.repository';
import type { SyncedAccount } from './connections.repository';
import type { ConnectionEntity } from './entities/connection.entity';

/** Renew a stored token for execution when it has less than this left. */
const RENEW_MARGIN_MS = 10 * 60_000;

/** Talks to the broker for one connection: test, refresh (token + accounts) and execution's session fallback. */
@Injectable()
export class ConnectionSyncService {
  constructor(
    private readonly repo: ConnectionsRepository,
    private readonly tokens: BrokerTokens,
    private readonly client: TradovateClient,
    private readonly box: SecretBox,
    private readonly events: ConnectionEvents,
  ) {}

  /** Signs in afresh with the stored credentials (OAuth: renews) and re-reads the accounts. */
  test(userId: string | null, id: string, ctx: MessageContext): Promise<BrokerCheckResultV1> {
    return this.check(userId, id, ctx, (c) => this.tokens.fresh(c));
  }

  /** Renews the token (falling back to a new sign-in) and re-reads the accounts. */
  refresh(userId: string | null, id: string, ctx: MessageContext): Promise<BrokerCheckResultV1> {
    return this.check(userId, id, ctx, (c) => this.tokens.renew(c));
  }

  async session(userId: string | null, id: string, forceRenew: boolean, ctx: MessageContext): Promise<BrokerSessionV1> {
    const c = await this.owned(userId, id);
    const expiresAt = c.tokenExpiresAt?.getTime() ?? 0;
    if (forceRenew || !c.accessTokenEnc || expiresAt - Date.now() < RENEW_MARGIN_MS) {
      try {
        this.store(c, await this.tokens.renew(c));
        c.status = 'active';
      } catch (err) {
        await this.markFailed(c, ctx);
        throw err;
      }
      await this.repo.save(c);
      await this.events.changed(c, ctx);
    }
    return {
      connectionId: c.id,
      environment: c.environment,
      accessTokenEncrypted: c.accessTokenEnc as string,
      expiresAt: (c.tokenExpiresAt as Date).toISOString(),
    };
  }

  /** Reads the broker accounts with a token and stores them (used by OAuth too). */
  async syncAccounts(c: ConnectionEntity, accessToken: string): Promise<SyncedAccount[]> {
    const environments: Environment[] = c.authType === 'oauth' ? ['demo', 'live'] : [c.environment];
    const listed: SyncedAccount[] = [];
    for (const environment of environments) {
      const accounts = await this.client.listAccounts(environment, accessToken);
      listed.push(
        ...accounts
          .filter((a) => a.active !== false && a.archived !== true)
          .map((a) => ({ brokerAccountId: a.id, name: a.name, accountType: a.accountType, environment })),
      );
    }
    await this.repo.replaceAccounts(c, listed);
    c.connectedAccounts = listed.map((a) => a.name);
    c.lastSyncAt = new Date();
    c.status = 'active';
    return listed;
  }

  store(c: ConnectionEntity, token: ObtainedToken): void {
    c.accessTokenEnc = this.box.encrypt(token.accessToken);
    c.tokenExpiresAt = new Date(token.expiresAt);
    if (token.refreshToken) {
      c.refreshTokenEnc = this.box.encrypt(token.refreshToken);
    }
  }

  private async check(
    userId: string | null,
    id: string,
    ctx: MessageContext,
    obtain: (c: ConnectionEntity) => Promise<ObtainedToken>,
  ): Promise<BrokerCheckResultV1> {
    const c = await this.owned(userId, id);
    try {
      const token = await obtain(c);
      this.store(c, token);
      const name = token.name ?? (await this.client.me(c.environment, token.accessToken)).name;
      const accounts = await this.syncAccounts(c, token.accessToken);
      await this.repo.save(c);
      await this.events.changed(c, ctx);
      return { success: true, message: `Connected as ${name}: ${accounts.length} account(s)` };
    } catch (err) {
      if (!(err instanceof DomainError)) {
        throw err;
      }
      await this.markFailed(c, ctx);
      return { success: false, error: err.message };
    }
  }

  private async markFailed(c: ConnectionEntity, ctx: MessageContext): Promise<void> {
    c.status = 'error';
    await this.repo.save(c);
    await this.events.changed(c, ctx);
  }

  private async owned(userId: string | null, id: string): Promise<ConnectionEntity> {
    const c = userId ? await this.repo.findOwned(userId, id) : null;
    if (!c) {
      throw new DomainError('NOT_FOUND', 'Connection not found');
    }
    return c;
  }
}
