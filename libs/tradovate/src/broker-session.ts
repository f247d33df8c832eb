// A broker token's lifecycle: renew shortly before expiry, with one renewal in flight at a time (concurrent
// callers share it), and retry a call once after renewing when Tradovate says the token is no good.
import { isBrokerError } from './broker-error';
import type { TradovateClient } from './tradovate.client';
import type { Environment } from './types';

export interface SessionToken {
  accessToken: string;
  /** Epoch milliseconds (or a Date). */
  expiresAt: number | Date;
}

export interface BrokerSessionOptions {
  /** Renew when this close to expiry (default 10 minutes). */
  renewMarginMs?: number;
  now?: () => number;
  /** Persist the new token (e.g. in the connections table). */
  onRenewed?: (token: { accessToken: string; expiresAt: number }) => void | Promise<void>;
  /** Get a fresh token when renewal is impossible (expired or revoked): e.g. a new accesstokenrequest. */
  reauthenticate?: () => Promise<SessionToken>;
}

export class BrokerSession {
  private token: { accessToken: string; expiresAt: number };
  private renewal: Promise<string> | undefined;
  private readonly now: () => number;
  private readonly marginMs: number;

  constructor(
    private readonly client: TradovateClient,
    readonly env: Environment,
    initial: SessionToken,
    private readonly options: BrokerSessionOptions = {},
  ) {
    this.token = normalise(initial);
    this.now = options.now ?? Date.now;
    this.marginMs = options.renewMarginMs ?? 10 * 60_000;
  }

  get current(): { accessToken: string; expiresAt: number } {
    return { ...this.token };
  }

  /** A usable token; renews first when within the margin. A failed early renewal keeps the valid token. */
  async getToken(): Promise<string> {
    const { accessToken, expiresAt } = this.token;
    if (this.now() < expiresAt - this.marginMs) {
      return accessToken;
    }
    try {
      return await this.renew(accessToken);
    } catch (error) {
      if (this.now() < expiresAt) {
        return accessToken;
      }
      throw error;
    }
  }

  /** Renews unless `stale` was already replaced; concurrent callers share one renewal. */
  renew(stale: string = this.token.accessToken): Promise<string> {
    if (stale !== this.token.accessToken) {
      return Promise.resolve(this.token.accessToken);
    }
    this.renewal ??= this.doRenew().finally(() => {
      this.renewal = undefined;
    });
    return this.renewal;
  }

  /** Runs `fn` with a token; on BROKER_AUTH_FAILED renews once and retries once. */
  async withToken<T>(fn: (token: string) => Promise<T>): Promise<T> {
    const token = await this.getToken();
    try {
      return await fn(token);
    } catch (error) {
      if (!isBrokerError(error, 'BROKER_AUTH_FAILED')) {
        throw error;
      }
      return fn(await this.renew(token));
    }
  }

  private async doRenew(): Promise<string> {
    let next: SessionToken;
    try {
      if (this.now() >= this.token.expiresAt && this.options.reauthenticate) {
        next = await this.options.reauthenticate();
      } else {
        next = await this.client.renewAccessToken(this.env, this.token.accessToken);
      }
    } catch (error) {
      if (!isBrokerError(error, 'BROKER_AUTH_FAILED') || !this.options.reauthenticate) {
        throw error;
      }
      next = await this.options.reauthenticate();
    }
    this.token = normalise(next);
    await this.options.onRenewed?.({ ...this.token });
    return this.token.accessToken;
  }
}

const normalise = (t: SessionToken): { accessToken: string; expiresAt: number } => ({
  accessToken: t.accessToken,
  expiresAt: t.expiresAt instanceof Date ? t.expiresAt.getTime() : t.expiresAt,
});
