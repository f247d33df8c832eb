import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { SIM_LOGIN, activeUser, call, login } from '@app/testing/http-client';
import type { ActiveUser } from '@app/testing/http-client';
import { startStandaloneApp } from '@app/testing/standalone-app';
import type { StandaloneApp } from '@app/testing/standalone-app';
import { hostileBodyText } from '../helpers/hostile-json';

const ADMIN = { email: 'root@example.com', password: 'root-password-1' };
const LIMITS = Object.fromEntries(
  ['LOGIN', 'REGISTER', 'FORGOT'].flatMap((r) => [
    [`RATE_LIMIT_${r}_PER_IP`, '1000000'],
    [`RATE_LIMIT_${r}_PER_EMAIL`, '1000000'],
  ]),
);

/** Hostile bodies through the whole stack: never a 5xx, the server keeps answering, rejected creates store nothing. */
describe('REST and webhook bodies fuzzed over HTTP', () => {
  let sut: StandaloneApp;
  let a: ActiveUser;
  let adminToken: string;
  const ids = { connection: '', group: '', alert: '' };
  let secret = '';

  beforeAll(async () => {
    sut = await startStandaloneApp({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      WEBHOOK_RATE_LIMIT_PER_MIN: '100000',
      ...LIMITS,
    });
    adminToken = await login(sut.url, ADMIN.email, ADMIN.password);
    a = await activeUser(sut.url, adminToken);
    ids.connection = (
      await call<{ id: string }>(sut.url, 'POST', '/api/connections', {
        token: a.token,
        body: { nickname: 'sim', environment: 'demo', ...SIM_LOGIN },
      })
    ).body.id;
    ids.group = (
      await call<{ id: string }>(sut.url, 'POST', '/api/groups', { token: a.token, body: { name: 'g' } })
    ).body.id;
    ids.alert = (
      await call<{ id: string }>(sut.url, 'POST', '/api/alerts', { token: a.token, body: { name: 'a' } })
    ).body.id;
    secret = (await call<{ url: string }>(sut.url, 'GET', '/api/webhooks/endpoint', { token: a.token })).body.url
      .split('/')
      .pop()!;
  });

  afterAll(async () => {
    await sut?.close();
  });

  const counts = async (): Promise<number[]> =>
    Promise.all(
      ['/api/connections', '/api/groups', '/api/alerts'].map(
        async (p) => (await call<unknown[]>(sut.url, 'GET', p, { token: a.token })).body.length,
      ),
    );

  type Target = [
    method: string,
    path: () => string,
    valid: Record<string, unknown>,
    token: () => string | undefined,
    creates: boolean,
  ];
  const targets: Target[] = [
    ['POST', () => '/api/auth/register', { email: 'fuzz@example.com', password: 'password-1' }, () => undefined, false],
    ['POST', () => '/api/auth/login', { email: 'fuzz@example.com', password: 'password-1' }, () => undefined, false],
    ['POST', () => '/api/auth/forgot-password', { email: 'fuzz@example.com' }, () => undefined, false],
    ['POST', () => '/api/auth/validate-reset-token', { token: 'abc' }, () => undefined, false],
    ['POST', () => '/api/auth/reset-password', { token: 'abc', new_password: 'password-2' }, () => undefined, false],
    ['PUT', () => `/api/users/${a.id}/status`, { is_active: true }, () => adminToken, false],
    ['POST', () => '/api/connections', { nickname: 'n', environment: 'demo', ...SIM_LOGIN }, () => a.token, true],
    ['PUT', () => `/api/connections/${ids.connection}`, { nickname: 'n' }, () => a.token, false],
    ['POST', () => '/api/symbols/search', { symbol: 'MNQ' }, () => a.token, false],
    ['POST', () => '/api/groups', { name: 'g' }, () => a.token, true],
    ['PUT', () => `/api/groups/${ids.group}`, { name: 'g', connection_ids: [ids.connection] }, () => a.token, false],
    ['POST', () => '/api/alerts', { name: 'a', groupIds: [], accountIds: [] }, () => a.token, true],
    ['PUT', () => `/api/alerts/${ids.alert}`, { name: 'a', status: 'inactive' }, () => a.token, false],
  ];

  it('should never answer a REST body with a 5xx nor store anything from a rejected create', async () => {
    const request = fc
      .integer({ min: 0, max: targets.length - 1 })
      .chain((i) => fc.tuple(fc.constant(i), hostileBodyText(targets[i][2])));
    await fc.assert(
      fc.asyncProperty(request, async ([i, raw]) => {
        const [method, path, , token, creates] = targets[i];
        const before = creates ? await counts() : [];
        const res = await call(sut.url, method, path(), { raw, token: token() });

        expect({ status: res.status, route: path() }).toEqual({ status: expect.any(Number), route: path() });
        expect(res.status).toBeLessThan(500);
        if (creates && res.status >= 400) {
          expect(await counts()).toEqual(before);
        }
        if (res.status >= 400) {
          expect(res.body).toEqual(
            expect.objectContaining({ code: expect.any(String), requestId: expect.any(String) }),
          );
        }
      }),
      { numRuns: 300 },
    );
    expect((await call(sut.url, 'GET', '/api/health')).status).toBe(200);
  });

  it('should never answer a webhook body with a 5xx, known secret or not', async () => {
    const body = fc.oneof(
      hostileBodyText({ alert_id: ids.alert || randomUUID(), order_type: 'market', action: 'buy', quantity: 1 }),
      fc.string({ unit: 'binary', maxLength: 500 }),
    );
    await fc.assert(
      fc.asyncProperty(
        body,
        fc.constantFrom('known', 'unknown', '%00', '%2e%2e%2f', 'é'.repeat(300)),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
        async (raw, which, contentType) => {
          const res = await call(
            sut.url,
            'POST',
            `/api/webhooks/tradingview/${which === 'known' ? secret : which === 'unknown' ? 'x'.repeat(40) : which}`,
            { raw, contentType },
          );

          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
    expect((await call(sut.url, 'GET', '/healthz')).status).toBe(200);
    expect((await call(sut.url, 'GET', '/api/health')).status).toBe(200);
  });
});
