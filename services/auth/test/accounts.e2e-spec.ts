import type { UserV1 as User } from '@app/contracts';
import { startStandaloneApp } from '@app/testing/standalone-app';
import type { StandaloneApp } from '@app/testing/standalone-app';
import { activeUser, call, detailText, login, newEmail, signJwt } from '@app/testing/http-client';

const JWT_SECRET = 'e2e-secret-of-the-accounts-spec-0123456789';
const ADMIN = { email: 'root@example.com', password: 'root-password-1' };

describe('accounts (register, login, me, sessions)', () => {
  let sut: StandaloneApp;
  let adminToken: string;

  beforeAll(async () => {
    sut = await startStandaloneApp({ JWT_SECRET, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    adminToken = await login(sut.url, ADMIN.email, ADMIN.password);
  });

  afterAll(async () => {
    await sut.close();
  });

  describe('POST /api/auth/register', () => {
    it('should create an inactive, non-admin user with a normalised email', async () => {
      const email = newEmail('Mixed.Case');
      const res = await call<User>(sut.url, 'POST', '/api/auth/register', {
        body: { email: `  ${email.toUpperCase()} `, password: 'password-123' },
      });

      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        email: email.toLowerCase(),
        is_active: false,
        is_admin: false,
        created_at: expect.any(String),
        last_login: null,
      });
      expect(Object.keys(res.body)).not.toContain('password_hash');
    });

    it('should refuse the same email in another case with 409 EMAIL_TAKEN', async () => {
      const email = newEmail();
      await call(sut.url, 'POST', '/api/auth/register', { body: { email, password: 'password-123' } });

      const res = await call(sut.url, 'POST', '/api/auth/register', {
        body: { email: email.toUpperCase(), password: 'password-456' },
      });

      expect(res.status).toBe(409);
      expect(res.body.code).toBe('EMAIL_TAKEN');
    });

    it.each([
      ['a malformed email', { email: 'not-an-email', password: 'password-123' }, 'Please enter a valid email address'],
      ['SQL text as email', { email: "' OR 1=1; --", password: 'password-123' }, 'Please enter a valid email address'],
      [
        'a short password',
        { email: 'short@example.com', password: 'short' },
        'Password must be at least 8 characters long',
      ],
      ['a missing password', { email: 'missing@example.com' }, 'Password is required'],
      ['a missing email', { password: 'password-123' }, 'Email is required'],
      ['a numeric email', { email: 12345, password: 'password-123' }, 'Email must be text'],
      ['an oversized email', { email: `${'a'.repeat(250)}@example.com`, password: 'password-123' }, 'at most 254'],
      ['an oversized password', { email: 'long@example.com', password: 'p'.repeat(129) }, 'at most 128'],
    ])('should answer 400 for %s', async (_name, body, message) => {
      const res = await call(sut.url, 'POST', '/api/auth/register', { body });

      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(detailText(res.body)).toContain(message);
      expect(Array.isArray(res.body.detail)).toBe(true);
    });

    it('should store script and SQL looking addresses as plain text', async () => {
      const email = `<script>alert(1)</script>'--@example.com`;
      const res = await call<User>(sut.url, 'POST', '/api/auth/register', {
        body: { email, password: 'password-123' },
      });

      expect(res.status).toBe(201);
      expect(res.body.email).toBe(email.toLowerCase());
    });

    it('should answer 413 for a body over the size limit and 400 for broken JSON', async () => {
      const huge = await call(sut.url, 'POST', '/api/auth/register', {
        raw: JSON.stringify({ email: 'x'.repeat(100_000) }),
      });
      const broken = await call(sut.url, 'POST', '/api/auth/register', { raw: '{"email":' });
      const notJson = await call(sut.url, 'POST', '/api/auth/register', { raw: 'email=a', contentType: 'text/plain' });

      expect(huge.status).toBe(413);
      expect(broken.status).toBe(400);
      expect(notJson.status).toBe(400);
    });
  });

  describe('POST /api/auth/login', () => {
    it('should answer the same 401 for an unknown email and a wrong password', async () => {
      const user = await activeUser(sut.url, adminToken);

      const unknown = await call(sut.url, 'POST', '/api/auth/login', {
        body: { email: newEmail('ghost'), password: 'whatever-1' },
      });
      const wrong = await call(sut.url, 'POST', '/api/auth/login', {
        body: { email: user.email, password: 'wrong-password' },
      });

      expect(unknown.status).toBe(401);
      expect(wrong.status).toBe(401);
      expect(unknown.body.detail).toBe('Invalid email or password');
      expect(wrong.body.detail).toBe(unknown.body.detail);
      expect(wrong.body.code).toBe(unknown.body.code);
    });

    it('should refuse an inactive user with the right password with 403', async () => {
      const email = newEmail();
      await call(sut.url, 'POST', '/api/auth/register', { body: { email, password: 'password-123' } });

      const res = await call(sut.url, 'POST', '/api/auth/login', { body: { email, password: 'password-123' } });

      expect(res.status).toBe(403);
      expect(res.body.detail).toBe('Your account is pending approval by an administrator.');
    });

    it('should issue a bearer HS256 token with the spec claims and set last_login', async () => {
      const user = await activeUser(sut.url, adminToken);

      const res = await call<{ access_token: string; token_type: string }>(sut.url, 'POST', '/api/auth/login', {
        body: { email: `  ${user.email.toUpperCase()}`, password: user.password },
      });
      const [header, claims] = res.body.access_token
        .split('.')
        .slice(0, 2)
        .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>);
      const me = await call<User>(sut.url, 'GET', '/api/auth/me', { token: res.body.access_token });

      expect(res.status).toBe(200);
      expect(res.body.token_type).toBe('bearer');
      expect(header.alg).toBe('HS256');
      expect(claims).toEqual({
        sub: user.id,
        email: user.email,
        is_admin: false,
        iat: expect.any(Number),
        exp: expect.any(Number),
      });
      expect(Number(claims.exp) - Number(claims.iat)).toBe(86400);
      expect(me.body.last_login).not.toBeNull();
    });

    it('should answer 400 for a missing password', async () => {
      const res = await call(sut.url, 'POST', '/api/auth/login', { body: { email: 'a@b.co' } });

      expect(res.status).toBe(400);
    });
  });

  describe('GET /api/auth/me', () => {
    it('should answer the signed-in user', async () => {
      const me = await call<User>(sut.url, 'GET', '/api/auth/me', { token: adminToken });

      expect(me.status).toBe(200);
      expect(me.body).toEqual({
        id: expect.any(String),
        email: ADMIN.email,
        is_active: true,
        is_admin: true,
        created_at: expect.any(String),
        last_login: expect.any(String),
      });
    });

    it('should answer 401 without a token or with a garbage one', async () => {
      expect((await call(sut.url, 'GET', '/api/auth/me')).status).toBe(401);
      expect((await call(sut.url, 'GET', '/api/auth/me', { token: 'not.a.jwt' })).status).toBe(401);
    });

    it('should refuse a token signed with another key, an alg none token and an expired token', async () => {
      const user = await activeUser(sut.url, adminToken);
      const now = Math.floor(Date.now() / 1000);
      const claims = { sub: user.id, email: user.email, is_admin: true, iat: now, exp: now + 3600 };

      const forged = await call(sut.url, 'GET', '/api/auth/me', {
        token: signJwt(claims, 'another-secret-another-secret-12345'),
      });
      const none = await call(sut.url, 'GET', '/api/users', { token: signJwt(claims, null) });
      const expired = await call(sut.url, 'GET', '/api/auth/me', {
        token: signJwt({ ...claims, iat: now - 7200, exp: now - 3600 }, JWT_SECRET),
      });

      expect([forged.status, none.status, expired.status]).toEqual([401, 401, 401]);
    });

    it('should refuse the token of a deactivated user and of a deleted user', async () => {
      const deactivated = await activeUser(sut.url, adminToken);
      const deleted = await activeUser(sut.url, adminToken);
      expect((await call(sut.url, 'GET', '/api/auth/me', { token: deactivated.token })).status).toBe(200);

      await call(sut.url, 'PUT', `/api/users/${deactivated.id}/status`, {
        token: adminToken,
        body: { is_active: false },
      });
      await call(sut.url, 'DELETE', `/api/users/${deleted.id}`, { token: adminToken });

      expect((await call(sut.url, 'GET', '/api/auth/me', { token: deactivated.token })).status).toBe(401);
      expect((await call(sut.url, 'GET', '/api/auth/me', { token: deleted.token })).status).toBe(401);
    });

    it('should honour a new login after reactivation but not the token from before', async () => {
      const user = await activeUser(sut.url, adminToken);
      await call(sut.url, 'PUT', `/api/users/${user.id}/status`, { token: adminToken, body: { is_active: false } });
      await call(sut.url, 'PUT', `/api/users/${user.id}/status`, { token: adminToken, body: { is_active: true } });

      const fresh = await login(sut.url, user.email, user.password);

      expect((await call(sut.url, 'GET', '/api/auth/me', { token: fresh })).status).toBe(200);
      expect((await call(sut.url, 'GET', '/api/auth/me', { token: user.token })).status).toBe(401);
    });
  });
});
