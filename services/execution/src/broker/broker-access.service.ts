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

type OpenSession = (conn: BrokerConnectionEntity, forceRenew: boolean) => Promise<Session>;

/**
 * The broker tokens of one fan-out: each connection's token is opened once, however many of its accounts
 * the fan-out trades, and when Tradovate refuses it the renewal (through connections) is asked once and
 * shared by every account that was refused with it.
 */
export class ConnectionSessions {
  private readonly byConnection = new Map<string, Promise<Session>>();

  constructor(private readonly open: OpenSession) {}

  /**
   * Runs `fn` with the connection's token, renewed and run again once when Tradovate refuses it.
   * `accountEnv` is the host of the account being traded: an OAuth connection holds demo and live
   * accounts under one token, and each account's orders must go to its own world.
   */
  async with<T>(conn: BrokerConnectionEntity, fn: (s: Session) => Promise<T>, accountEnv?: Environment): Promise<T> {
    const on = (s: Session): Session => (accountEnv ? { ...s, env: accountEnv } : s);
    const opened = this.sessionOf(conn);
    const session = await opened;
    try {
      return await fn(on(session));
    } catch (error) {
      if (!isBrokerError(error, 'BROKER_AUTH_FAILED')) {
        throw error;
      }
      return fn(on(await this.renewed(conn, opened)));
    }
  }

  private sessionOf(conn: BrokerConnectionEntity): Promise<Session> {
    let session = this.byConnection.get(conn.connectionId);
    if (!session) {
      session = this.open(conn, false);
      this.byConnection.set(conn.connectionId, session);
    }
    return session;
  }

  /** The first account refused with `refused` asks for a new token; the others refused with it wait for that one. */
  private renewed(conn: BrokerConnectionEntity, refused: Promise<Session>): Promise<Session> {
    const current = this.byConnection.get(conn.connectionId);
    if (current && current !== refused) {
      return current;
    }
    const renewal = this.open(conn, true);
    this.byConnection.set(conn.connectionId, renewal);
    return renewal;
  }
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

  /** The tokens of one fan-out (see ConnectionSessions). */
  sessionsFor(ctx: MessageContext): ConnectionSessions {
    return new ConnectionSessions((conn, forceRenew) => this.session(conn, ctx, forceRenew));
  }

  private async session(conn: BrokerConnectionEntity, ctx: MessageContext, forceRenew: boolean): Promise<Session> {
    const fresh = conn.accessTokenEncrypted && conn.expiresAt && conn.expiresAt.getTime() > Date.now();
    if (!forceRenew && fresh && conn.accessTokenEncrypted) {
      return { env: conn.environment, token: this.open(conn.connectionId, conn.accessTokenEncrypted) };
    }
    const reply = await this.bus.request(
      Topic.ConnectionsBrokerSession,
      { connectionId: conn.connectionId, forceRenew },
      ctx,
      { timeoutMs: 2000 },
    );
    if (!reply.ok) {
      throw new DomainError(
        'BROKER_AUTH_FAILED',
        `No usable broker session for this connection: ${reply.error.message}`,
      );
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
