import { randomUUID } from 'node:crypto';
import { SIM_LOGIN, activeUser, call, login, newEmail } from '@app/testing/http-client';
import type { ActiveUser, Res } from '@app/testing/http-client';
import { startStandaloneApp } from '@app/testing/standalone-app';
import type { StandaloneApp } from '@app/testing/standalone-app';
import { registeredRoutes } from '../helpers/registered-routes';

type Caller = 'anonymous' | 'userB' | 'admin' | 'userA';
/** userA last: its DELETE rows succeed only if nobody else's attempt removed the resource first. */
const CALLERS: Caller[] = ['anonymous', 'userB', 'admin', 'userA'];
const ADMIN = { email: 'root@example.com', password: 'root-password-1' };

interface World {
  a: ActiveUser;
  b: ActiveUser;
  adminToken: string;
  connectionId: string;
  groupId: string;
  alertId: string;
  logId: string;
  secret: string;
}

interface Row {
  route: string;
  /** The concrete path and body for a caller (ids are user A's unless said otherwise). */
  req: (w: World, caller: Caller) => Promise<{ path: string; body?: unknown }> | { path: string; body?: unknown };
  expect: Record<Caller, number>;
}

const all = (status: number): Record<Caller, number> => ({
  anonymous: status,
  userB: status,
  admin: status,
  userA: status,
});
const signedIn = (status: number): Record<Caller, number> => ({
  anonymous: 401,
  userB: status,
  admin: status,
  userA: status,
});
/** A resource of user A: only A reaches it; anyone else gets the same 404 as for an id that does not exist. */
const ownedByA = (status: number): Record<Caller, number> => ({
  anonymous: 401,
  userB: 404,
  admin: 404,
  userA: status,
});
const adminOnly = (status: number): Record<Caller, number> => ({
  anonymous: 401,
  userB: 403,
  admin: status,
  userA: 403,
});

const MATRIX: Row[] = [
  { route: 'GET /api/health', req: () => ({ path: '/api/health' }), expect: all(200) },
  { route: 'GET /healthz', req: () => ({ path: '/healthz' }), expect: all(200) },
  { route: 'GET /readyz', req: () => ({ path: '/readyz' }), expect: all(200) },
  {
    route: 'POST /api/auth/register',
    req: () => ({ path: '/api/auth/register', body: { email: newEmail('reg'), password: 'password-123' } }),
    expect: all(201),
  },
  {
    route: 'POST /api/auth/login',
    req: (w) => ({ path: '/api/auth/login', body: { email: w.b.email, password: w.b.password } }),
    expect: all(200),
  },
  { route: 'GET /api/auth/me', req: () => ({ path: '/api/auth/me' }), expect: signedIn(200) },
  // No mail server here: refused alike for everyone (no reset token in replies by default).
  {
    route: 'POST /api/auth/forgot-password',
    req: () => ({ path: '/api/auth/forgot-password', body: { email: newEmail('nobody') } }),
    expect: all(422),
  },
  {
    route: 'POST /api/auth/validate-reset-token',
    req: () => ({ path: '/api/auth/validate-reset-token', body: { token: 'not-a-token' } }),
    expect: all(200),
  },
  {
    route: 'POST /api/auth/reset-password',
    req: () => ({ path: '/api/auth/reset-password', body: { token: 'not-a-token', new_password: 'password-123' } }),
    expect: all(422),
  },
  { route: 'GET /api/users', req: () => ({ path: '/api/users' }), expect: adminOnly(200) },
  {
    route: 'PUT /api/users/:id/status',
    req: (w) => ({ path: `/api/users/${w.a.id}/status`, body: { is_active: true } }),
    expect: adminOnly(200),
  },
  { route: 'GET /api/connections', req: () => ({ path: '/api/connections' }), expect: signedIn(200) },
  { route: 'POST /api/connections', req: () => ({ path: '/api/connections', body: {} }), expect: signedIn(400) },
  {
    route: 'PUT /api/connections/:id',
    req: (w, c) => ({ path: `/api/connections/${w.connectionId}`, body: { nickname: `by-${c}` } }),
    expect: ownedByA(200),
  },
  {
    route: 'POST /api/connections/:id/test',
    req: (w) => ({ path: `/api/connections/${w.connectionId}/test` }),
    expect: ownedByA(200),
  },
  {
    route: 'POST /api/connections/:id/refresh',
    req: (w) => ({ path: `/api/connections/${w.connectionId}/refresh` }),
    expect: ownedByA(200),
  },
  { route: 'GET /api/accounts', req: () => ({ path: '/api/accounts' }), expect: signedIn(200) },
  {
    route: 'POST /api/symbols/search',
    req: () => ({ path: '/api/symbols/search', body: { symbol: 'MNQ' } }),
    expect: signedIn(200),
  },
  { route: 'GET /api/groups', req: () => ({ path: '/api/groups' }), expect: signedIn(200) },
  {
    route: 'POST /api/groups',
    req: (_w, c) => ({ path: '/api/groups', body: { name: `new-${c}` } }),
    expect: signedIn(201),
  },
  {
    route: 'PUT /api/groups/:id',
    req: (w, c) => ({ path: `/api/groups/${w.groupId}`, body: { name: `by-${c}`, connection_ids: [w.connectionId] } }),
    expect: ownedByA(200),
  },
  { route: 'GET /api/alerts', req: () => ({ path: '/api/alerts' }), expect: signedIn(200) },
  {
    route: 'POST /api/alerts',
    req: (_w, c) => ({ path: '/api/alerts', body: { name: `new-${c}` } }),
    expect: signedIn(201),
  },
  {
    route: 'PUT /api/alerts/:id',
    req: (w, c) => ({ path: `/api/alerts/${w.alertId}`, body: { name: `by-${c}` } }),
    expect: ownedByA(200),
  },
  { route: 'GET /api/logs', req: () => ({ path: '/api/logs' }), expect: signedIn(200) },
  { route: 'GET /api/logs/:id', req: (w) => ({ path: `/api/logs/${w.logId}` }), expect: ownedByA(200) },
  { route: 'GET /api/webhooks/endpoint', req: () => ({ path: '/api/webhooks/endpoint' }), expect: signedIn(200) },
  // The secret in the path is the credential: a bearer token changes nothing (here: A's URL, a body that is no signal).
  {
    route: 'POST /api/webhooks/tradingview/:secret',
    req: (w) => ({ path: `/api/webhooks/tradingview/${w.secret}`, body: { not: 'a signal' } }),
    expect: all(400),
  },
  { route: 'GET /api/tradovate/oauth-url', req: () => ({ path: '/api/tradovate/oauth-url' }), expect: signedIn(200) },
  {
    route: 'GET /api/tradovate/callback',
    req: () => ({ path: '/api/tradovate/callback?code=x&state=y' }),
    expect: all(302),
  },
  // Changing rows last: each must leave user A's data to A.
  {
    route: 'POST /api/webhooks/endpoint/rotate',
    req: () => ({ path: '/api/webhooks/endpoint/rotate' }),
    expect: signedIn(200),
  },
  { route: 'DELETE /api/alerts/:id', req: (w) => ({ path: `/api/alerts/${w.alertId}` }), expect: ownedByA(204) },
  { route: 'DELETE /api/groups/:id', req: (w) => ({ path: `/api/groups/${w.groupId}` }), expect: ownedByA(204) },
  {
    route: 'DELETE /api/connections/:id',
    req: (w) => ({ path: `/api/connections/${w.connectionId}` }),
    expect: ownedByA(200),
  },
  {
    route: 'DELETE /api/users/:id',
    req: async (w, c) => ({
      path: `/api/users/${c === 'admin' ? (await activeUser(URL_OF.url, w.adminToken)).id : w.a.id}`,
    }),
    expect: adminOnly(204),
  },
];

const URL_OF = { url: '' };

describe('access matrix (every REST route x anonymous, user A, user B, administrator)', () => {
  let sut: StandaloneApp;
  let w: World;

  const tokenOf = (caller: Caller): string | undefined =>
    ({ anonymous: undefined, userA: w.a.token, userB: w.b.token, admin: w.adminToken })[caller];
  /** Everything user A owns, as A sees it: must not change when someone else calls. */
  const snapshotOfA = async (): Promise<unknown[]> =>
    Promise.all(
      ['/api/connections', '/api/groups', '/api/alerts', '/api/accounts', '/api/logs'].map(
        async (p) => (await call(sut.url, 'GET', p, { token: w.a.token })).body,
      ),
    );

  beforeAll(async () => {
    sut = await startStandaloneApp({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_LOGIN_PER_IP: '100000',
      RATE_LIMIT_REGISTER_PER_IP: '100000',
      RATE_LIMIT_FORGOT_PER_IP: '100000',
      RATE_LIMIT_REGISTER_PER_EMAIL: '100000',
      RATE_LIMIT_FORGOT_PER_EMAIL: '100000',
      RATE_LIMIT_LOGIN_PER_EMAIL: '100000',
    });
    URL_OF.url = sut.url;
    const adminToken = await login(sut.url, ADMIN.email, ADMIN.password);
    const a = await activeUser(sut.url, adminToken);
    const b = await activeUser(sut.url, adminToken);
    const conn = await call<{ id: string }>(sut.url, 'POST', '/api/connections', {
      token: a.token,
      body: { nickname: 'A sim', environment: 'demo', ...SIM_LOGIN },
    });
    const group = await call<{ id: string }>(sut.url, 'POST', '/api/groups', {
      token: a.token,
      body: { name: 'A group' },
    });
    const alert = await call<{ id: string }>(sut.url, 'POST', '/api/alerts', {
      token: a.token,
      body: { name: 'A alert' },
    });
    const endpoint = await call<{ url: string }>(sut.url, 'GET', '/api/webhooks/endpoint', { token: a.token });
    const secret = endpoint.body.url.split('/').pop()!;
    await call(sut.url, 'POST', `/api/webhooks/tradingview/${secret}`, { raw: 'not json', contentType: 'text/plain' });
    const logs = await call<{ id: string }[] | { items?: { id: string }[] }>(sut.url, 'GET', '/api/logs', {
      token: a.token,
    });
    const items = Array.isArray(logs.body) ? logs.body : (logs.body.items ?? []);
    expect([conn.status, group.status, alert.status, items.length]).toEqual([201, 201, 201, 1]);
    w = {
      a,
      b,
      adminToken,
      connectionId: conn.body.id,
      groupId: group.body.id,
      alertId: alert.body.id,
      logId: items[0].id,
      secret,
    };
  });

  afterAll(async () => {
    await sut?.close();
  });

  it('should have a row for every registered route, and no row for a route that does not exist', () => {
    expect(registeredRoutes(sut.app).sort()).toEqual(MATRIX.map((r) => r.route).sort());
  });

  describe.each(MATRIX.map((r) => [r.route, r] as const))('%s', (route, row) => {
    const method = route.split(' ')[0];

    it("should answer each caller with its expected status and leave user A's data alone", async () => {
      const seen: Partial<Record<Caller, number>> = {};
      for (const caller of CALLERS) {
        const before = caller === 'userA' ? null : await snapshotOfA();
        const { path, body } = await row.req(w, caller);
        const res = await call(sut.url, method, path, { token: tokenOf(caller), body });
        seen[caller] = res.status;
        if (before && !route.startsWith('POST /api/webhooks/tradingview')) {
          expect({ caller, after: await snapshotOfA() }).toEqual({ caller, after: before });
        }
      }

      expect(seen).toEqual(row.expect);
    });

    if (route.includes(':id') && row.expect.userB === 404) {
      it("should not let user B tell user A's id from one that does not exist", async () => {
        const { path, body } = await row.req(w, 'userB');
        const foreign = await call<Res['body']>(sut.url, method, path, { token: w.b.token, body });
        const missing = await call<Res['body']>(sut.url, method, path.replace(/[0-9a-f-]{36}/, randomUUID()), {
          token: w.b.token,
          body,
        });

        expect({ ...foreign.body, requestId: null }).toEqual({ ...missing.body, requestId: null });
        expect(foreign.status).toBe(missing.status);
      });
    }
  });
});
