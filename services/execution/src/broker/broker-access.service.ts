import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { SecretBox } from '@app/common';
import { DomainError, Topic } from '@app/contracts';
import type { MessageContext } from '@app/contracts';
import { APP_CONFIG, MessageBus } from '@app/messaging';
import { TradovateClient, isBrokerError } from '@app/tradovate';
import type { Environment } from '@app/tradovate';
import type { ExecutionConfig } from '../execution.settings';
import { ReadModelRepository } from '../read-model/read-model.repository';
import type { BrokerConnectionEntity } from '../entities/read-model.entities';

const MAX_SESSIONS = 10_000;

export interface Session {
  env: Environment;
  token: string;
}

/**
 * Tokens for broker calls. The read model holds each connection's sealed token (ConnectionChanged);
 * only when it is missing, or Tradovate refuses it, do we ask connections (once, with forceRenew).
 */
@Injectable()
export class BrokerAccess implements OnModuleDestroy {
  readonly client: TradovateClient;
  private readonly box: SecretBox;
  /**
   * Decrypted tokens by connection, keyed also by the sealed token itself (its version): a renewed
   * token is a different sealed string, so a stale entry is never used. Bounded by MAX_SESSIONS.
   */
  private readonly opened = new Map<string, { sealed: string; token: string }>();

  constructor(
    @Inject(APP_CONFIG) config: ExecutionConfig,
    private readonly bus: MessageBus,
    private readonly readModel: ReadModelRepository,
  ) {
    this.box = new SecretBox(config.ENCRYPTION_KEY);
    this.client = new TradovateClient({
      demoUrl: config.TRADOVATE_DEMO_URL,
      liveUrl: config.TRADOVATE_LIVE_URL,
      oauthTokenUrl: `${config.TRADOVATE_LIVE_URL}/auth/oauthtoken`,
      timeoutMs: config.TRADOVATE_TIMEOUT_MS,
      // Webhooks answer within 3 s: a longer penalty wait fails the account instead.
      penaltyMaxWaitMs: 2000,
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.client.close();
  }

  /** Runs `fn` with the connection's token; on an expired token renews once through connections and retries. */
  async withSession<T>(conn: BrokerConnectionEntity, ctx: MessageContext, fn: (s: Session) => Promise<T>): Promise<T> {
    const session = await this.session(conn, ctx, false);
    try {
      return await fn(session);
    } catch (error) {
      if (!isBrokerError(error, 'BROKER_AUTH_FAILED')) {
        throw error;
      }
      return fn(await this.session(conn, ctx, true));
    }
  }

  private async session(conn: BrokerConnectionEntity, ctx: MessageContext, forceRenew: boolean): Promise<Session> {
    const fresh = conn.accessTokenEncrypted && conn.expiresAt && conn.expiresAt.getTime() > Date.now();
    if (!forceRenew && fresh && conn.accessTokenEncrypted) {
      return { env: conn.environment, token: this.open(conn.connectionId, conn.accessTokenEncrypted) };
    }
    const reply = await this.bus.request(Topic.ConnectionsBrokerSession, { connectionId: conn.connectionId, forceRenew }, ctx, { timeoutMs: 2000 });
    if (!reply.ok) {
      throw new DomainError('BROKER_AUTH_FAILED', `No usable broker session for this connection: ${reply.error.message}`);
    }
    conn.accessTokenEncrypted = reply.data.accessTokenEncrypted;
    conn.expiresAt = new Date(reply.data.expiresAt);
    await this.readModel.saveToken(conn.connectionId, reply.data.accessTokenEncrypted, conn.expiresAt);
    return { env: reply.data.environment, token: this.open(conn.connectionId, reply.data.accessTokenEncrypted) };
  }

  private open(connectionId: string, sealed: string): string {
    const hit = this.opened.get(connectionId);
    if (hit?.sealed === sealed) {
      return hit.token;
    }
    const token = this.box.decrypt(sealed);
    if (this.opened.size >= MAX_SESSIONS && !hit) {
      // Crude but bounded: the cache refills with the connections that are actually trading.
      this.opened.clear();
    }
    this.opened.set(connectionId, { sealed, token });
    return token;
  }
}
