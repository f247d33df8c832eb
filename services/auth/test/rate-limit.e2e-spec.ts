import { startStandaloneApp } from '@app/testing/standalone-app';
import type { StandaloneApp } from '@app/testing/standalone-app';
import { call, newEmail } from '@app/testing/http-client';

const ADMIN = { email: 'limit-admin@example.com', password: 'admin-password-1' };
const TOO_MANY = 'Too many attempts. Please wait a minute and try again.';

describe('sign-in rate limits', () => {
  let sut: StandaloneApp;

  beforeAll(async () => {
    sut = await startStandaloneApp({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_LOGIN_PER_IP: '8',
      RATE_LIMIT_LOGIN_PER_EMAIL: '3',
      RATE_LIMIT_REGISTER_PER_IP: '4',
      RATE_LIMIT_FORGOT_PER_EMAIL: '2',
      RESET_TOKEN_IN_REPLY: 'true',
    });
  });

  afterAll(async () => {
    await sut.close();
  });

  const loginAs = (email: string, password: string) =>
    call(sut.url, 'POST', '/api/auth/login', { body: { email, password } });

  it('should block an email after its failed logins, even with the right password', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await loginAs(ADMIN.email, 'wrong-password')).status).toBe(401);
    }

    const blocked = await loginAs(ADMIN.email.toUpperCase(), ADMIN.password);

    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'RATE_LIMITED', detail: TOO_MANY });
  });

  it('should block the client address after its login attempts, whatever the email', async () => {
    const results: number[] = [];
    for (let i = 0; i < 6; i++) {
      results.push((await loginAs(newEmail('spray'), 'wrong-password')).status);
    }

    // 8 per address: the test before used 3 (its blocked attempt did not count).
    expect(results).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('should limit registrations per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await call(sut.url, 'POST', '/api/auth/register', { body: { email: newEmail(), password: 'password-123' } }))
          .status,
      );
    }

    expect(statuses).toEqual([201, 201, 201, 201, 429]);
  });

  it('should limit reset requests per email', async () => {
    const email = newEmail('forgetful');
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await call(sut.url, 'POST', '/api/auth/forgot-password', { body: { email } })).status);
    }

    expect(statuses).toEqual([200, 200, 429]);
  });
});
