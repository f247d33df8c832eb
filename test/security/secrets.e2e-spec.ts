import fs, { rmSync } from 'node:fs';
import { openEmbeddedDatabase } from '@app/database';
import { SIM_LOGIN, activeUser, call, login } from '@app/testing/http-client';
import type { Res } from '@app/testing/http-client';
import { startStandaloneApp } from '@app/testing/standalone-app';
import type { StandaloneApp } from '@app/testing/standalone-app';

const ADMIN = { email: 'root@example.com', password: 'Adm1n-Distinct-Pw-7731' };
const USER_PASSWORD = 'Us3r-Distinct-Pw-4419';
const NEW_PASSWORD = 'N3w-Distinct-Pw-9902';

/**
 * A full flow with distinctive secrets, then: no response body (other than the one meant to carry
 * it), no log line and no database row holds any of them in plaintext.
 */
describe('secrets stay secret', () => {
  let sut: StandaloneApp;
  const logs: string[] = [];
  const bodies: { route: string; text: string }[] = [];
  const secrets: Record<string, string> = {
    adminPassword: ADMIN.password,
    userPassword: USER_PASSWORD,
    newPassword: NEW_PASSWORD,
    brokerPassword: SIM_LOGIN.password,
    apiSecret: SIM_LOGIN.sec,
  };
  let dbText = '';

  const record = <T>(route: string, res: Res<T>): Res<T> => {
    bodies.push({ route, text: JSON.stringify(res.body) });
    return res;
  };

  beforeAll(async () => {
    // pino writes through sonic-boom (fs.write / fs.writeSync on fd 1); Nest's fallback via process streams.
    const keep = (chunk: unknown) => logs.push(String(chunk));
    const write = fs.write.bind(fs);
    const writeSync = fs.writeSync.bind(fs);
    jest.spyOn(fs, 'write').mockImplementation((fd: number, data: unknown, ...rest: unknown[]) => {
      if (fd === 1 || fd === 2) {
        keep(data);
      }
      return (write as (...a: unknown[]) => void)(fd, data, ...rest);
    });
    jest.spyOn(fs, 'writeSync').mockImplementation((fd: number, data: unknown, ...rest: unknown[]) => {
      if (fd === 1 || fd === 2) {
        keep(data);
      }
      return (writeSync as (...a: unknown[]) => number)(fd, data, ...rest);
    });
    for (const stream of [process.stdout, process.stderr]) {
      const original = stream.write.bind(stream);
      jest.spyOn(stream, 'write').mockImplementation((chunk: unknown, ...rest: unknown[]) => {
        keep(chunk);
        return (original as (...a: unknown[]) => boolean)(chunk, ...rest);
      });
    }

    // RESET_TOKEN_IN_REPLY: the reset token is one of the secrets followed (it must reach no log).
    sut = await startStandaloneApp({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'debug',
      RESET_TOKEN_IN_REPLY: 'true',
    });
    const url = sut.url;
    const adminToken = await login(url, ADMIN.email, ADMIN.password);
    const user = await activeUser(url, adminToken, undefined, USER_PASSWORD);
    secrets.adminJwt = adminToken;
    secrets.userJwt = user.token;
    const t = user.token;
    const conn = record(
      'POST /api/connections',
      await call<{ id: string }>(url, 'POST', '/api/connections', {
        token: t,
        body: { nickname: 'sim', environment: 'demo', ...SIM_LOGIN },
      }),
    );
    record(
      'POST /api/connections/:id/test',
      await call(url, 'POST', `/api/connections/${conn.body.id}/test`, { token: t }),
    );
    record(
      'POST /api/connections/:id/refresh',
      await call(url, 'POST', `/api/connections/${conn.body.id}/refresh`, { token: t }),
    );
    record('GET /api/connections', await call(url, 'GET', '/api/connections', { token: t }));
    record('GET /api/accounts', await call(url, 'GET', '/api/accounts', { token: t }));
    record('POST /api/groups', await call(url, 'POST', '/api/groups', { token: t, body: { name: 'g' } }));
    const alert = record(
      'POST /api/alerts',
      await call<{ id: string }>(url, 'POST', '/api/alerts', { token: t, body: { name: 'a', symbol: 'MNQ' } }),
    );
    const endpoint = await call<{ url: string }>(url, 'GET', '/api/webhooks/endpoint', { token: t });
    secrets.webhookSecret = endpoint.body.url.split('/').pop()!;
    record(
      'POST /api/webhooks/tradingview/:secret',
      await call(url, 'POST', `/api/webhooks/tradingview/${secrets.webhookSecret}`, {
        body: { alert_id: alert.body.id, order_type: 'market', action: 'buy', quantity: 1 },
      }),
    );
    record('GET /api/logs', await call(url, 'GET', '/api/logs', { token: t }));
    const forgot = await call<{ reset_token?: string }>(url, 'POST', '/api/auth/forgot-password', {
      body: { email: user.email },
    });
    secrets.resetToken = forgot.body.reset_token!;
    record(
      'POST /api/auth/validate-reset-token',
      await call(url, 'POST', '/api/auth/validate-reset-token', { body: { token: secrets.resetToken } }),
    );
    record(
      'POST /api/auth/reset-password',
      await call(url, 'POST', '/api/auth/reset-password', {
        body: { token: secrets.resetToken, new_password: NEW_PASSWORD },
      }),
    );
    record(
      'POST /api/auth/login',
      await call(url, 'POST', '/api/auth/login', { body: { email: user.email, password: 'wrong-password-x' } }),
    );
    record('GET /api/users', await call(url, 'GET', '/api/users', { token: adminToken }));
    record('GET /api/auth/me', await call(url, 'GET', '/api/auth/me', { token: t }));
    // Stop the product (the database is flushed and released), then read it ourselves.
    await sut.app.close();
    const { db } = await openEmbeddedDatabase(`${sut.dataDir}/pg`);
    const tables = (
      await db.query<{ table_schema: string; table_name: string }>(
        "SELECT table_schema, table_name FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')",
      )
    ).rows;
    const dumps: string[] = [];
    for (const tb of tables) {
      dumps.push(JSON.stringify((await db.query(`SELECT * FROM "${tb.table_schema}"."${tb.table_name}"`)).rows));
    }
    await db.close();
    dbText = dumps.join('\n');
    expect(tables.length).toBeGreaterThan(5);
    expect(dbText).toContain(user.email);
  });

  afterAll(async () => {
    await sut?.simulator?.close();
    if (sut) {
      rmSync(sut.dataDir, { recursive: true, force: true });
    }
  });

  it('should have captured log lines and every secret of the flow', () => {
    expect(logs.join('').length).toBeGreaterThan(0);
    expect(Object.values(secrets).every((s) => s.length >= 8)).toBe(true);
  });

  it('should keep every secret out of every response body', () => {
    const leaks = bodies.flatMap((b) =>
      Object.entries(secrets)
        .filter(([, s]) => b.text.includes(s))
        .map(([name]) => `${name} in ${b.route}`),
    );

    expect(leaks).toEqual([]);
  });

  it('should keep every secret out of every log line', () => {
    const text = logs.join('');
    const leaks = Object.entries(secrets)
      .filter(([, s]) => text.includes(s))
      .map(([name]) => name);

    expect(leaks).toEqual([]);
  });

  it('should keep every secret out of every database row in plaintext', () => {
    // JWTs are never stored; passwords, broker credentials, reset tokens and webhook secrets must be hashed or encrypted.
    const leaks = Object.entries(secrets)
      .filter(([, s]) => dbText.includes(s))
      .map(([name]) => name);

    expect(leaks).toEqual([]);
  });
});
