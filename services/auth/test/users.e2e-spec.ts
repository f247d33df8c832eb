import type { UserV1 as User } from '@app/contracts';
import { startStandaloneApp } from '@app/testing/standalone-app';
import type { StandaloneApp } from '@app/testing/standalone-app';
import { activeUser, call, detailText, login, newEmail } from '@app/testing/http-client';

const ADMIN = { email: 'users-admin@example.com', password: 'admin-password-1' };

describe('user management (/api/users)', () => {
  let sut: StandaloneApp;
  let adminToken: string;
  let adminId: string;

  beforeAll(async () => {
    sut = await startStandaloneApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    adminToken = await login(sut.url, ADMIN.email, ADMIN.password);
    adminId = (await call<User>(sut.url, 'GET', '/api/auth/me', { token: adminToken })).body.id;
  });

  afterAll(async () => {
    await sut.close();
  });

  const register = async (email = newEmail()): Promise<User> =>
    (await call<User>(sut.url, 'POST', '/api/auth/register', { body: { email, password: 'password-123' } })).body;

  describe('GET /api/users', () => {
    it('should list every user, newest first', async () => {
      const older = await register();
      const newer = await register();

      const res = await call<User[]>(sut.url, 'GET', '/api/users', { token: adminToken });
      const ids = res.body.map((u) => u.id);

      expect(res.status).toBe(200);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      expect(ids).toContain(adminId);
      const dates = res.body.map((u) => Date.parse(u.created_at));
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);
      expect(Object.keys(res.body[0]).sort()).toEqual([
        'created_at',
        'email',
        'id',
        'is_active',
        'is_admin',
        'last_login',
      ]);
    });

    it('should answer 403 to a non-admin and 401 without a token', async () => {
      const user = await activeUser(sut.url, adminToken);

      const asUser = await call(sut.url, 'GET', '/api/users', { token: user.token });
      const anonymous = await call(sut.url, 'GET', '/api/users');

      expect(asUser.status).toBe(403);
      expect(asUser.body.detail).toBe("You don't have permission to access this page.");
      expect(anonymous.status).toBe(401);
    });
  });

  describe('PUT /api/users/{id}/status', () => {
    it('should approve and reject a user, answering the updated user', async () => {
      const user = await register();

      const approved = await call<User>(sut.url, 'PUT', `/api/users/${user.id}/status`, {
        token: adminToken,
        body: { is_active: true },
      });
      const rejected = await call<User>(sut.url, 'PUT', `/api/users/${user.id}/status`, {
        token: adminToken,
        body: { is_active: false },
      });

      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ id: user.id, email: user.email, is_active: true, is_admin: false });
      expect(rejected.body.is_active).toBe(false);
    });

    it('should refuse an admin deactivating themselves', async () => {
      const res = await call(sut.url, 'PUT', `/api/users/${adminId}/status`, {
        token: adminToken,
        body: { is_active: false },
      });

      expect(res.status).toBe(403);
      expect(res.body.code).toBe('CANNOT_MODIFY_SELF');
      expect(res.body.detail).toBe("You can't deactivate your own account.");
      expect((await call(sut.url, 'GET', '/api/auth/me', { token: adminToken })).status).toBe(200);
    });

    it.each([
      ['a missing is_active', {}],
      ['a string is_active', { is_active: 'yes' }],
      ['a numeric is_active', { is_active: 1 }],
    ])('should answer 400 for %s', async (_name, body) => {
      const user = await register();

      const res = await call(sut.url, 'PUT', `/api/users/${user.id}/status`, { token: adminToken, body });

      expect(res.status).toBe(400);
      expect(detailText(res.body)).toContain('is_active');
    });

    it('should answer 404 for an unknown or malformed id', async () => {
      const unknown = await call(sut.url, 'PUT', '/api/users/00000000-0000-4000-8000-000000000000/status', {
        token: adminToken,
        body: { is_active: true },
      });
      const malformed = await call(sut.url, 'PUT', "/api/users/1'%20OR%20'1'='1/status", {
        token: adminToken,
        body: { is_active: true },
      });

      expect(unknown.status).toBe(404);
      expect(malformed.status).toBe(404);
    });

    it('should answer 403 to a non-admin', async () => {
      const user = await activeUser(sut.url, adminToken);
      const other = await register();

      const res = await call(sut.url, 'PUT', `/api/users/${other.id}/status`, {
        token: user.token,
        body: { is_active: true },
      });

      expect(res.status).toBe(403);
    });
  });

  describe('DELETE /api/users/{id}', () => {
    it('should delete the user with 204 so they can neither be listed nor sign in', async () => {
      const user = await activeUser(sut.url, adminToken);

      const res = await fetch(`${sut.url}/api/users/${user.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${adminToken}` },
      });
      const list = await call<User[]>(sut.url, 'GET', '/api/users', { token: adminToken });
      const signIn = await call(sut.url, 'POST', '/api/auth/login', {
        body: { email: user.email, password: user.password },
      });

      expect(res.status).toBe(204);
      expect(await res.text()).toBe('');
      expect(list.body.map((u) => u.id)).not.toContain(user.id);
      expect(signIn.status).toBe(401);
    });

    it('should let the email register again after deletion', async () => {
      const user = await register();
      await call(sut.url, 'DELETE', `/api/users/${user.id}`, { token: adminToken });

      const again = await call(sut.url, 'POST', '/api/auth/register', {
        body: { email: user.email, password: 'password-123' },
      });

      expect(again.status).toBe(201);
    });

    it('should refuse an admin deleting themselves, unknown ids and non-admins', async () => {
      const user = await activeUser(sut.url, adminToken);

      const self = await call(sut.url, 'DELETE', `/api/users/${adminId}`, { token: adminToken });
      const unknown = await call(sut.url, 'DELETE', '/api/users/00000000-0000-4000-8000-000000000000', {
        token: adminToken,
      });
      const malformed = await call(sut.url, 'DELETE', '/api/users/not-a-uuid', { token: adminToken });
      const asUser = await call(sut.url, 'DELETE', `/api/users/${user.id}`, { token: user.token });

      expect(self.status).toBe(403);
      expect(self.body.code).toBe('CANNOT_MODIFY_SELF');
      expect(self.body.detail).toBe("You can't delete your own account.");
      expect(unknown.status).toBe(404);
      expect(malformed.status).toBe(404);
      expect(asUser.status).toBe(403);
    });
  });
});
