// Token answers normalised: expiry as epoch milliseconds, OAuth's snake_case turned into our camelCase.
import { BrokerError } from './broker-error';
import type { AccessToken, OAuthToken } from './types';

/** Tradovate's documented fallback lifetime, used only if an answer lacks a parsable expirationTime. */
const FALLBACK_TTL_MS = 80 * 60_000;

export function toAccessToken(body: AccessToken, endpoint: string): AccessToken {
  if (typeof body?.accessToken !== 'string') {
    throw new BrokerError('BROKER_AUTH_FAILED', `Tradovate answered ${endpoint} without an access token`, {
      endpoint,
      status: 200,
    });
  }
  const expiresAt = Date.parse(body.expirationTime);
  return { ...body, expiresAt: Number.isNaN(expiresAt) ? Date.now() + FALLBACK_TTL_MS : expiresAt };
}

/** OAuth errors arrive as HTTP 200 with `error` set (reference §2). */
export function toOAuthToken(body: Record<string, unknown>): OAuthToken {
  if (typeof body.error === 'string' || typeof body.access_token !== 'string') {
    const reason =
      [body.error, body.error_description].filter((x) => typeof x === 'string').join(': ') || 'no access_token';
    throw new BrokerError('OAUTH_FAILED', `Tradovate OAuth token exchange failed: ${reason}`, {
      endpoint: 'auth/oauthtoken',
      status: 200,
      failureReason: typeof body.error === 'string' ? body.error : '',
    });
  }
  const expiresIn = Number(body.expires_in ?? 0);
  return {
    accessToken: body.access_token,
    tokenType: typeof body.token_type === 'string' ? body.token_type : 'Bearer',
    expiresIn,
    expiresAt: Date.now() + expiresIn * 1000,
    ...(typeof body.refresh_token === 'string' ? { refreshToken: body.refresh_token } : {}),
    ...(typeof body.refresh_token_expires_in === 'number'
      ? { refreshTokenExpiresIn: body.refresh_token_expires_in }
      : {}),
  };
}
