import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long the user has on the provider's consent page. */
export const STATE_TTL_MS = 10 * 60_000;

/**
 * The OAuth `state`: the user id and an expiry, HMAC-signed with a key derived from ENCRYPTION_KEY,
 * so the public callback knows whose connection to create and that we started the flow.
 * Format: `<base64url payload>.<base64url mac>`.
 */
export class OAuthStateSigner {
  private readonly key: Buffer;

  constructor(
    encryptionKeyBase64: string,
    private readonly now: () => number = Date.now,
  ) {
    const secret = Buffer.from(encryptionKeyBase64, 'base64');
    this.key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'tvtrade/oauth-state/v1', 32));
  }

  sign(userId: string): string {
    const payload = Buffer.from(
      JSON.stringify({ u: userId, e: this.now() + STATE_TTL_MS, n: randomBytes(8).toString('base64url') }),
    ).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The user id of a valid, unexpired state; null for anything else. */
  verify(state: string | undefined): string | null {
    const [payload, mac, extra] = (state ?? '').split('.');
    if (!payload || !mac || extra !== undefined) {
      return null;
    }
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return null;
    }
    try {
      const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u?: unknown; e?: unknown };
      return typeof data.u === 'string' && typeof data.e === 'number' && data.e > this.now() ? data.u : null;
    } catch {
      return null;
    }
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
