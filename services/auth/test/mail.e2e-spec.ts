import { startStandaloneApp } from '@app/testing/standalone-app';
import type { StandaloneApp } from '@app/testing/standalone-app';
import { activeUser, call, login, newEmail } from '@app/testing/http-client';
import { SmtpSink } from './smtp-sink';

const ADMIN = { email: 'mail-admin@example.com', password: 'admin-password-1' };
const PUBLIC_URL = 'https://tvtrade.example.com';

describe('mail (approval and password reset over a real SMTP server)', () => {
  let sut: StandaloneApp;
  let smtp: SmtpSink;
  let adminToken: string;

  beforeAll(async () => {
    smtp = new SmtpSink();
    const SMTP_URL = await smtp.start();
    sut = await startStandaloneApp({
      SMTP_URL,
      PUBLIC_URL,
      MAIL_FROM: 'QuantLynk <robot@example.com>',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    adminToken = await login(sut.url, ADMIN.email, ADMIN.password);
  });

  afterAll(async () => {
    await sut.close();
    await smtp.stop();
  });

  it('should mail the user a sign-in link when an administrator approves them', async () => {
    const email = newEmail('approved');
    const reg = await call<{ id: string }>(sut.url, 'POST', '/api/auth/register', {
      body: { email, password: 'password-123' },
    });

    const res = await call(sut.url, 'PUT', `/api/users/${reg.body.id}/status`, {
      token: adminToken,
      body: { is_active: true },
    });
    const mail = await smtp.waitFor(email);

    expect(res.status).toBe(200);
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe('robot@example.com');
    expect(mail.text).toContain(`${PUBLIC_URL}/login`);
  });

  it('should not mail anyone when a user is rejected', async () => {
    const email = newEmail('rejected');
    const reg = await call<{ id: string }>(sut.url, 'POST', '/api/auth/register', {
      body: { email, password: 'password-123' },
    });

    await call(sut.url, 'PUT', `/api/users/${reg.body.id}/status`, { token: adminToken, body: { is_active: false } });

    await expect(smtp.waitFor(email, 500)).rejects.toThrow('no mail');
  });

  it('should mail a working reset link and not return the token', async () => {
    const user = await activeUser(sut.url, adminToken);

    const res = await call(sut.url, 'POST', '/api/auth/forgot-password', { body: { email: user.email } });
    const mail = await smtp.waitFor(user.email, 10_000, 'reset-password');
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';
    const reset = await call(sut.url, 'POST', '/api/auth/reset-password', {
      body: { token, new_password: 'brand-new-pass' },
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'If an account exists for that email, reset instructions have been sent.' });
    expect(mail.text).toContain(`${PUBLIC_URL}/reset-password?token=${token}`);
    expect(token).toHaveLength(43);
    expect(reset.status).toBe(200);
    expect(
      (await call(sut.url, 'POST', '/api/auth/login', { body: { email: user.email, password: 'brand-new-pass' } }))
        .status,
    ).toBe(200);
  });

  it('should answer the same for an unknown email and send nothing', async () => {
    const email = newEmail('nobody');

    const res = await call(sut.url, 'POST', '/api/auth/forgot-password', { body: { email } });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'If an account exists for that email, reset instructions have been sent.' });
    await expect(smtp.waitFor(email, 500)).rejects.toThrow('no mail');
  });
});
