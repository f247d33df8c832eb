import { randomBytes } from 'node:crypto';
import { OAuthStateSigner, STATE_TTL_MS } from './oauth-state';

describe(OAuthStateSigner.name, () => {
  const key = randomBytes(32).toString('base64');
  const userId = '0b6f1d5e-7c1a-4f3e-9a53-2f1f4c7d8e90';
  let now: number;
  let sut: OAuthStateSigner;

  beforeEach(() => {
    now = 1_700_000_000_000;
    sut = new OAuthStateSigner(key, () => now);
  });

  describe('verify', () => {
    it('should answer the user id of a state it signed', () => {
      expect(sut.verify(sut.sign(userId))).toBe(userId);
    });

    it('should refuse a state once it has expired', () => {
      const state = sut.sign(userId);
      now += STATE_TTL_MS + 1;

      expect(sut.verify(state)).toBeNull();
    });

    it('should refuse a state signed with another key', () => {
      const other = new OAuthStateSigner(randomBytes(32).toString('base64'), () => now);

      expect(sut.verify(other.sign(userId))).toBeNull();
    });

    it('should refuse a state whose payload was changed', () => {
      const [, mac] = sut.sign(userId).split('.');
      const payload = Buffer.from(JSON.stringify({ u: 'someone-else', e: now + 1000, n: 'x' })).toString('base64url');

      expect(sut.verify(`${payload}.${mac}`)).toBeNull();
    });

    it.each([undefined, '', 'abc', 'a.b.c', '.', 'x'.repeat(5000)])('should refuse %p', (state) => {
      expect(sut.verify(state)).toBeNull();
    });
  });
});
