// Access tokens, OAuth codes and refresh tokens. Credential tokens are bound to the host that issued
// them (demo or live); OAuth tokens work on both hosts for the user's accounts in that host's world.
import { randomBytes } from 'node:crypto';
import type { World } from './types';

export interface TokenRecord {
  token: string;
  userId: number;
  /** The world the token may be used in; 'any' for OAuth tokens. */
  world: World | 'any';
  expiresAt: number;
  kind: 'credential' | 'oauth';
}

interface CodeRecord {
  userId: number;
  clientId: string;
  redirectUri: string;
  expiresAt: number;
}

const CODE_TTL_MS = 5 * 60_000;
export const REFRESH_TTL_SECONDS = 14 * 24 * 3600;

const opaque = (bytes = 24): string => randomBytes(bytes).toString('base64url');

export class Sessions {
  private readonly tokens = new Map<string, TokenRecord>();
  private readonly codes = new Map<string, CodeRecord>();
  private readonly refreshTokens = new Map<string, { userId: number; expiresAt: number }>();

  constructor(public ttlSeconds: number) {}

  issue(userId: number, world: TokenRecord['world'], kind: TokenRecord['kind']): TokenRecord {
    const record: TokenRecord = {
      token: opaque(),
      userId,
      world,
      kind,
      expiresAt: Date.now() + this.ttlSeconds * 1000,
    };
    this.tokens.set(record.token, record);
    return record;
  }

  /** The live token record usable in `world`, or undefined (unknown, expired or wrong host → 401). */
  check(token: string | undefined, world: World): TokenRecord | undefined {
    const record = token ? this.tokens.get(token) : undefined;
    if (!record || record.expiresAt <= Date.now()) {
      return undefined;
    }
    return record.world === 'any' || record.world === world ? record : undefined;
  }

  /** A new token for the same session; the old one stays valid until its own expiry. */
  renew(current: TokenRecord): TokenRecord {
    return this.issue(current.userId, current.world, current.kind);
  }

  expireAll(): void {
    const past = Date.now() - 1;
    this.tokens.forEach((t) => (t.expiresAt = past));
  }

  issueCode(userId: number, clientId: string, redirectUri: string): string {
    const code = opaque(18);
    this.codes.set(code, { userId, clientId, redirectUri, expiresAt: Date.now() + CODE_TTL_MS });
    return code;
  }

  /** Single use: the code is gone after the first attempt, right or wrong. */
  redeemCode(code: string, clientId: string, redirectUri: string | undefined): number | undefined {
    const record = this.codes.get(code);
    this.codes.delete(code);
    if (!record || record.expiresAt <= Date.now() || record.clientId !== clientId) {
      return undefined;
    }
    if (redirectUri !== undefined && redirectUri !== record.redirectUri) {
      return undefined;
    }
    return record.userId;
  }

  issueRefresh(userId: number): string {
    const token = opaque();
    this.refreshTokens.set(token, { userId, expiresAt: Date.now() + REFRESH_TTL_SECONDS * 1000 });
    return token;
  }

  /** Refresh tokens rotate: the presented one is spent. */
  redeemRefresh(token: string): number | undefined {
    const record = this.refreshTokens.get(token);
    this.refreshTokens.delete(token);
    return record && record.expiresAt > Date.now() ? record.userId : undefined;
  }
}
