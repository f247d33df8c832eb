import fc from 'fast-check';
import { EmailAddress } from './auth.contracts';

/** The pattern before 2026-11-26, which backtracked on a long domain (test/security/regex-safety.spec.ts). */
const BEFORE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

describe('EmailAddress', () => {
  it.each(['trader@example.com', 'a@b.c', 'first.last@desk.example.co.uk', 'a@.b.c', 'a@b..c', 'a@b.c.'])(
    'should take %j',
    (email) => {
      expect(EmailAddress.safeParse(email)).toMatchObject({ success: true, data: email.toLowerCase() });
    },
  );

  it.each(['trader', 'trader@', '@example.com', 'a@b.', 'a@.b', 'a@bc', 'a b@example.com', 'a@b@c.d'])(
    'should refuse %j as not an address',
    (email) => {
      expect(EmailAddress.safeParse(email).error?.issues.map((i) => i.message)).toContain(
        'Please enter a valid email address',
      );
    },
  );

  it('should take exactly the addresses the earlier pattern took', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '.', '@', ' ', '\t'), maxLength: 12 });
    fc.assert(
      fc.property(text, (s) => {
        const trimmed = s.trim();

        expect(EmailAddress.safeParse(s).success).toBe(BEFORE.test(trimmed));
      }),
      { numRuns: 20_000 },
    );
  });
});
