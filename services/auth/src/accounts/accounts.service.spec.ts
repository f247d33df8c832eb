import type { DomainError } from '@app/contracts';
import { FakeHasher, FakeUsers, authConfig, userRow } from '../../test/fakes';
import type { UsersRepository } from '../users/users.repository';
import type { PasswordHasher } from './password-hasher';
import { AccountsService } from './accounts.service';
import { TokenIssuer } from './token-issuer';

const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

const rejectionOf = async (p: Promise<unknown>): Promise<DomainError> => {
  try {
    await p;
  } catch (err) {
    return err as DomainError;
  }
  throw new Error('expected a rejection');
};

describe(AccountsService.name, () => {
  let users: FakeUsers;
  let hasher: FakeHasher;
  let sut: AccountsService;

  beforeEach(() => {
    users = new FakeUsers();
    hasher = new FakeHasher();
    sut = new AccountsService(
      users as unknown as UsersRepository,
      hasher as unknown as PasswordHasher,
      new TokenIssuer(authConfig()),
    );
  });

  describe('register', () => {
    it('should create an inactive non-admin user with a hashed password', async () => {
      const user = await sut.register('new@example.com', 'password-1');

      expect(user).toMatchObject({ email: 'new@example.com', is_active: false, is_admin: false, last_login: null });
      expect((await users.findById(user.id))?.passwordHash).toBe('hash:password-1');
    });

    it('should refuse a taken email with EMAIL_TAKEN', async () => {
      await sut.register('dup@example.com', 'password-1');

      expect((await rejectionOf(sut.register('dup@example.com', 'password-2'))).code).toBe('EMAIL_TAKEN');
    });
  });

  describe('login', () => {
    it('should answer a bearer token with sub, email, is_admin, iat and exp and record the login', async () => {
      const row = users.rows.set('x', userRow({ id: 'x', email: 'a@example.com', isAdmin: true })).get('x');

      const res = await sut.login('a@example.com', 'password-1');
      const claims = claimsOf(res.access_token);

      expect(res.token_type).toBe('bearer');
      expect(claims).toMatchObject({ sub: 'x', email: 'a@example.com', is_admin: true });
      expect(Number(claims.exp) - Number(claims.iat)).toBe(86400);
      expect(row?.lastLogin).toBeInstanceOf(Date);
    });

    it('should answer the same error for an unknown email and a wrong password, spending hash time on both', async () => {
      users.rows.set('x', userRow({ id: 'x', email: 'a@example.com' }));

      const unknown = await rejectionOf(sut.login('ghost@example.com', 'password-1'));
      const wrong = await rejectionOf(sut.login('a@example.com', 'password-2'));

      expect([unknown.code, unknown.message]).toEqual(['INVALID_CREDENTIALS', 'Invalid email or password']);
      expect([wrong.code, wrong.message]).toEqual([unknown.code, unknown.message]);
      expect(hasher.decoys).toBe(1);
    });

    it('should tell an inactive user with the right password that approval is pending', async () => {
      users.rows.set('x', userRow({ id: 'x', email: 'a@example.com', isActive: false }));

      const err = await rejectionOf(sut.login('a@example.com', 'password-1'));

      expect(err.code).toBe('ACCOUNT_PENDING_APPROVAL');
      expect(err.message).toBe('Your account is pending approval by an administrator.');
    });

    it('should issue tokens that the session check accepts right after a revocation', async () => {
      users.rows.set('x', userRow({ id: 'x', email: 'a@example.com', sessionsValidAfter: new Date(Date.now() + 800) }));

      const claims = claimsOf((await sut.login('a@example.com', 'password-1')).access_token);

      await expect(sut.verifySession('x', Number(claims.iat))).resolves.toMatchObject({ id: 'x' });
    });
  });

  describe('verifySession', () => {
    it('should answer the session user of an active user', async () => {
      users.rows.set('x', userRow({ id: 'x', email: 'a@example.com', isAdmin: true }));

      await expect(sut.verifySession('x', 1)).resolves.toEqual({ id: 'x', email: 'a@example.com', isAdmin: true });
    });

    it.each([
      ['an unknown user', null],
      ['an inactive user', userRow({ id: 'x', isActive: false })],
      ['a token from before the revocation', userRow({ id: 'x', sessionsValidAfter: new Date(2_000_000_000_000) })],
    ])('should refuse %s with UNAUTHORIZED', async (_case, row) => {
      if (row) {
        users.rows.set('x', row);
      }

      expect((await rejectionOf(sut.verifySession('x', 1_999_999_999))).code).toBe('UNAUTHORIZED');
    });
  });

  describe('me', () => {
    it('should answer the user without secrets', async () => {
      users.rows.set('x', userRow({ id: 'x', email: 'a@example.com' }));

      expect(Object.keys(await sut.me('x')).sort()).toEqual([
        'created_at',
        'email',
        'id',
        'is_active',
        'is_admin',
        'last_login',
      ]);
    });

    it('should refuse a message without a user', async () => {
      expect((await rejectionOf(sut.me(null))).code).toBe('UNAUTHORIZED');
    });
  });
});
