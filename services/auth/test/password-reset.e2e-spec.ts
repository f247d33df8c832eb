import { startStandaloneApp } from '@app/testing/standalone-app';
import type { StandaloneApp } from '@app/testing/standalone-app';
import { activeUser, call, detailText, login, newEmail } from '@app/testing/http-client';

const ADMIN = { email: 'reset-admin@example.com', password: 'admin-password-1' };
const SENT = 'If an account exists for that email, reset instructions have been sent.';
const INVALID = 'This reset link is invalid or has expired.';
const UNAVAILABLE =
  'Password reset by e-mail is not available: this server has no mail server configured. Ask your administrator.';

describe('password reset without a mail server, reset tokens in replies (a local trial opted in)', () => {
  let sut: StandaloneApp;
  let adminToken: string;

  beforeAll(async () => {
    sut = await startStandaloneApp({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RESET_TOKEN_IN_REPLY: 'true',
    });
    adminToken = await login(sut.url, ADMIN.email, ADMIN.password);
  });

  afterAll(async () => {
    await sut.close();
  });

  const forgot = (email: string) =>
    call<{ message: string; reset_token?: string }>(sut.url, 'POST', '/api/auth/forgot-password', { body: { email } });

  it('should return a reset token for a known email and only the message for an unknown one', async () => {
    const user = await activeUser(sut.url, adminToken);

    const known = await forgot(user.email.toUpperCase());
    const unknown = await forgot(newEmail('ghost'));

    expect(known.status).toBe(200);
    expect(known.body.message).toBe(SENT);
    expect(known.body.reset_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ message: SENT });
  });

  it('should give a token to an inactive account too', async () => {
    const email = newEmail('pending');
    await call(sut.url, 'POST', '/api/auth/register', { body: { email, password: 'password-123' } });

    expect((await forgot(email)).body.reset_token).toBeDefined();
  });

  it('should validate a token, reset once, and end the sessions from before', async () => {
    const user = await activeUser(sut.url, adminToken);
    const token = (await forgot(user.email)).body.reset_token ?? '';

    const valid = await call(sut.url, 'POST', '/api/auth/validate-reset-token', { body: { token } });
    const reset = await call(sut.url, 'POST', '/api/auth/reset-password', {
      body: { token, new_password: 'a-new-password' },
    });
    const again = await call(sut.url, 'POST', '/api/auth/reset-password', {
      body: { token, new_password: 'another-password' },
    });
    const usedCheck = await call(sut.url, 'POST', '/api/auth/validate-reset-token', { body: { token } });

    expect(valid.body).toEqual({ valid: true, email: user.email });
    expect(reset.status).toBe(200);
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: 'INVALID_RESET_TOKEN', detail: INVALID });
    expect(usedCheck.body).toEqual({ valid: false, email: null });
    expect((await call(sut.url, 'GET', '/api/auth/me', { token: user.token })).status).toBe(401);
    expect(
      (await call(sut.url, 'POST', '/api/auth/login', { body: { email: user.email, password: user.password } })).status,
    ).toBe(401);
    const fresh = await login(sut.url, user.email, 'a-new-password');
    expect((await call(sut.url, 'GET', '/api/auth/me', { token: fresh })).status).toBe(200);
  });

  it('should refuse unknown tokens and short passwords', async () => {
    const user = await activeUser(sut.url, adminToken);
    const token = (await forgot(user.email)).body.reset_token ?? '';

    const unknown = await call(sut.url, 'POST', '/api/auth/reset-password', {
      body: { token: 'x'.repeat(43), new_password: 'long-enough-1' },
    });
    const short = await call(sut.url, 'POST', '/api/auth/reset-password', { body: { token, new_password: 'short' } });
    const stillValid = await call(sut.url, 'POST', '/api/auth/validate-reset-token', { body: { token } });

    expect(unknown.status).toBe(422);
    expect(unknown.body.detail).toBe(INVALID);
    expect(short.status).toBe(400);
    expect(detailText(short.body)).toContain('Password must be at least 8 characters long.');
    expect(stillValid.body).toEqual({ valid: true, email: user.email });
  });

  it.each([
    ['forgot-password', 'no email', {}],
    ['forgot-password', 'a malformed email', { email: 'nope' }],
    ['forgot-password', 'an array email', { email: ['a@b.co'] }],
    ['validate-reset-token', 'no token', {}],
    ['validate-reset-token', 'a numeric token', { token: 42 }],
    ['validate-reset-token', 'a 5000-character token', { token: 't'.repeat(5000) }],
    ['reset-password', 'no new password', { token: 'abc' }],
    ['reset-password', 'no token', { new_password: 'long-enough-1' }],
  ])('should answer 400 to %s with %s', async (route, _case, body) => {
    const res = await call(sut.url, 'POST', `/api/auth/${route}`, { body });

    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });

  it('should answer valid false for a token nobody issued', async () => {
    const res = await call(sut.url, 'POST', '/api/auth/validate-reset-token', { body: { token: "' OR 1=1 --" } });

    expect(res.body).toEqual({ valid: false, email: null });
  });

  it('should no longer honour the token of a deleted user', async () => {
    const user = await activeUser(sut.url, adminToken);
    const token = (await forgot(user.email)).body.reset_token ?? '';

    await call(sut.url, 'DELETE', `/api/users/${user.id}`, { token: adminToken });

    expect((await call(sut.url, 'POST', '/api/auth/validate-reset-token', { body: { token } })).body).toEqual({
      valid: false,
      email: null,
    });
  });
});

describe('password reset without a mail server (the default)', () => {
  let sut: StandaloneApp;
  let adminToken: string;

  beforeAll(async () => {
    sut = await startStandaloneApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    adminToken = await login(sut.url, ADMIN.email, ADMIN.password);
  });

  afterAll(async () => {
    await sut.close();
  });

  it('should refuse every address alike, give no token, and leave the password as it was', async () => {
    const user = await activeUser(sut.url, adminToken);

    const answers = await Promise.all(
      [user.email, newEmail('ghost')].map((email) =>
        call<{ reset_token?: string }>(sut.url, 'POST', '/api/auth/forgot-password', { body: { email } }),
      ),
    );

    for (const res of answers) {
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ detail: UNAVAILABLE, code: 'UNPROCESSABLE', requestId: expect.any(String) });
    }
    expect(
      (await call(sut.url, 'POST', '/api/auth/login', { body: { email: user.email, password: user.password } })).status,
    ).toBe(200);
  });
});
