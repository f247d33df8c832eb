import { FakeHasher, FakeUsers, authConfig, userRow } from '../../test/fakes';
import type { PasswordHasher } from '../accounts/password-hasher';
import type { UsersRepository } from '../users/users.repository';
import { AdminBootstrap, DEFAULT_ADMIN_EMAIL } from './admin-bootstrap';

describe(AdminBootstrap.name, () => {
  let users: FakeUsers;
  let printed: string[];

  const make = (over: Parameters<typeof authConfig>[0] = {}) =>
    new AdminBootstrap(
      authConfig(over),
      (t) => printed.push(t),
      users as unknown as UsersRepository,
      new FakeHasher() as unknown as PasswordHasher,
    );

  beforeEach(() => {
    users = new FakeUsers();
    printed = [];
  });

  describe('onApplicationBootstrap', () => {
    it('should create the configured administrator, active, without printing', async () => {
      await make({ ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'boss-password' }).onApplicationBootstrap();

      expect(await users.findByEmail('boss@example.com')).toMatchObject({
        isAdmin: true,
        isActive: true,
        passwordHash: 'hash:boss-password',
      });
      expect(printed).toEqual([]);
    });

    it('should bring an existing account up to the configured admin and password', async () => {
      users.rows.set('b', userRow({ id: 'b', email: 'boss@example.com', isActive: false }));

      await make({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'boss-password' }).onApplicationBootstrap();

      expect(users.rows.get('b')).toMatchObject({ isAdmin: true, isActive: true, passwordHash: 'hash:boss-password' });
    });

    it('should generate admin@localhost once, print its password once, and nothing on the next start', async () => {
      await make().onApplicationBootstrap();
      await make().onApplicationBootstrap();

      const admin = await users.findByEmail(DEFAULT_ADMIN_EMAIL);
      const password = /password: (\S+)/.exec(printed[0] ?? '')?.[1] ?? '';
      expect(printed).toHaveLength(1);
      expect(printed[0]).toContain(DEFAULT_ADMIN_EMAIL);
      expect(admin?.passwordHash).toBe(`hash:${password}`);
      expect(password.length).toBeGreaterThanOrEqual(20);
    });

    it('should leave things alone when an administrator exists and none is configured', async () => {
      users.rows.set('a', userRow({ id: 'a', isAdmin: true }));

      await make().onApplicationBootstrap();

      expect(users.rows.size).toBe(1);
      expect(printed).toEqual([]);
    });
  });
});
