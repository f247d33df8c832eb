import { execFileSync } from 'node:child_process';
import { startStandaloneApp } from '@app/testing/standalone-app';
import type { StandaloneApp } from '@app/testing/standalone-app';
import { SIM_LOGIN, activeUser, call, login } from '@app/testing/http-client';

const ADMIN = { email: 'root@example.com', password: 'root-password-1' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Connection {
  id: string;
  nickname: string;
  username: string | null;
  environment: string;
  appId: string;
  appVersion: string;
  deviceId: string;
  cid: number | null;
  status: string;
  connectedAccounts: string[];
  lastSyncAt: string | null;
  hasPassword: boolean;
  hasSecret: boolean;
  sandbox: boolean;
  provider: string;
  createdAt: string;
}

describe('connections through the gateway', () => {
  let sut: StandaloneApp;
  let alice: { id: string; token: string };
  let bob: { id: string; token: string };

  const create = (token: string, body: object) =>
    call<Connection>(sut.url, 'POST', '/api/connections', { token, body });
  const simConnection = (token: string, extra: object = {}) =>
    create(token, { nickname: 'Sim', environment: 'demo', ...SIM_LOGIN, ...extra });

  beforeAll(async () => {
    sut = await startStandaloneApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    const adminToken = await login(sut.url, ADMIN.email, ADMIN.password);
    alice = await activeUser(sut.url, adminToken);
    bob = await activeUser(sut.url, adminToken);
  });

  afterAll(async () => {
    await sut.close();
  });

  afterEach(async () => {
    for (const user of [alice, bob]) {
      const list = await call<Connection[]>(sut.url, 'GET', '/api/connections', { token: user.token });
      for (const c of list.body) {
        await call(sut.url, 'DELETE', `/api/connections/${c.id}`, { token: user.token });
      }
    }
  });

  it('should refuse every route without a token with 401', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string][] = [
      ['GET', '/api/connections'],
      ['POST', '/api/connections'],
      ['PUT', `/api/connections/${id}`],
      ['DELETE', `/api/connections/${id}`],
      ['POST', `/api/connections/${id}/test`],
      ['POST', `/api/connections/${id}/refresh`],
      ['GET', '/api/accounts'],
      ['POST', '/api/symbols/search'],
      ['GET', '/api/tradovate/oauth-url'],
    ];
    for (const [method, path] of routes) {
      expect([method, path, (await call(sut.url, method, path, method === 'GET' ? {} : { body: {} })).status]).toEqual([
        method,
        path,
        401,
      ]);
    }
  });

  describe('POST /api/connections', () => {
    it('should create with defaults and never return the password or secret', async () => {
      const res = await create(alice.token, {
        nickname: '  My demo  ',
        username: 'demo',
        password: 'pw-1',
        sec: 's',
        cid: '8',
      });

      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        nickname: 'My demo',
        username: 'demo',
        environment: 'demo',
        appId: 'TVTradovate',
        appVersion: '0.0.1',
        deviceId: expect.stringMatching(UUID),
        cid: 8,
        status: 'expired',
        connectedAccounts: [],
        lastSyncAt: null,
        hasPassword: true,
        hasSecret: true,
        sandbox: true,
        authType: 'credentials',
        provider: 'Tradovate',
        createdAt: expect.any(String),
      });
      expect(JSON.stringify(res.body)).not.toContain('pw-1');
    });

    it('should split a comma-separated connected accounts field and keep a chosen status', async () => {
      const res = await create(alice.token, {
        nickname: 'x',
        connectedAccounts: ' A1, ,B2 ,',
        status: 'active',
        environment: 'live',
      });

      expect(res.body).toMatchObject({
        connectedAccounts: ['A1', 'B2'],
        status: 'active',
        environment: 'live',
        hasPassword: false,
      });
    });

    it.each([
      ['a missing nickname', { username: 'u' }],
      ['a blank nickname', { nickname: '   ' }],
      ['a nickname over 100 characters', { nickname: 'n'.repeat(101) }],
      ['a numeric nickname', { nickname: 42 }],
      ['an unknown environment', { nickname: 'n', environment: 'paper' }],
      ['a non-numeric cid', { nickname: 'n', cid: 'abc' }],
      ['a fractional cid', { nickname: 'n', cid: 1.5 }],
      ['an unknown status', { nickname: 'n', status: 'great' }],
      ['a huge password', { nickname: 'n', password: 'p'.repeat(5000) }],
    ])('should answer 400 for %s', async (_, body) => {
      const res = await call(sut.url, 'POST', '/api/connections', { token: alice.token, body });

      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    });

    it('should store script and SQL text as plain text', async () => {
      const nickname = "<script>alert(1)</script>'; DROP TABLE connections;--";
      const res = await create(alice.token, { nickname });
      const list = await call<Connection[]>(sut.url, 'GET', '/api/connections', { token: alice.token });

      expect(res.body.nickname).toBe(nickname);
      expect(list.body.map((c) => c.nickname)).toEqual([nickname]);
    });
  });

  describe('PUT /api/connections/{id}', () => {
    it('should change the named fields and keep the password when it is sent blank', async () => {
      const created = await simConnection(alice.token);
      await call(sut.url, 'POST', `/api/connections/${created.body.id}/test`, { token: alice.token });

      const res = await call<Connection>(sut.url, 'PUT', `/api/connections/${created.body.id}`, {
        token: alice.token,
        body: { nickname: 'Renamed', username: 'demo', environment: 'demo', status: 'active', password: '' },
      });

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        nickname: 'Renamed',
        hasPassword: true,
        status: 'active',
        appId: 'TVTradovate',
      });
      const test = await call(sut.url, 'POST', `/api/connections/${created.body.id}/test`, { token: alice.token });
      expect(test.body.success).toBe(true);
    });

    it('should mark the connection expired when the login changes', async () => {
      const created = await simConnection(alice.token);
      await call(sut.url, 'POST', `/api/connections/${created.body.id}/test`, { token: alice.token });

      const res = await call<Connection>(sut.url, 'PUT', `/api/connections/${created.body.id}`, {
        token: alice.token,
        body: { username: 'trader2' },
      });

      expect(res.body).toMatchObject({ username: 'trader2', status: 'expired' });
    });

    it('should answer 400 for an invalid body and 404 for a malformed id', async () => {
      const created = await create(alice.token, { nickname: 'n' });

      const bad = await call(sut.url, 'PUT', `/api/connections/${created.body.id}`, {
        token: alice.token,
        body: { nickname: '' },
      });
      const malformed = await call(sut.url, 'PUT', '/api/connections/not-a-uuid', {
        token: alice.token,
        body: { nickname: 'x' },
      });

      expect(bad.status).toBe(400);
      expect(malformed.status).toBe(404);
      expect(malformed.body.detail).toBe('Connection not found');
    });
  });

  describe('POST /api/connections/{id}/test and /refresh', () => {
    it('should sign in, store the accounts and mark the connection active', async () => {
      const created = await simConnection(alice.token);

      const res = await call(sut.url, 'POST', `/api/connections/${created.body.id}/test`, { token: alice.token });
      const after = await call<Connection[]>(sut.url, 'GET', '/api/connections', { token: alice.token });
      const accounts = await call<object[]>(sut.url, 'GET', '/api/accounts', { token: alice.token });

      expect(res).toMatchObject({ status: 200, body: { success: true, message: 'Connected as demo: 2 account(s)' } });
      expect(after.body[0]).toMatchObject({ status: 'active', connectedAccounts: ['DEMO100001', 'DEMO100002'] });
      expect(after.body[0].lastSyncAt).not.toBeNull();
      expect(accounts.body).toEqual(
        ['DEMO100001', 'DEMO100002'].map((accountName) => ({
          id: expect.stringMatching(UUID),
          accountName,
          brokerAccountId: expect.any(Number),
          connectionId: created.body.id,
          connectionName: 'Sim',
          accountType: expect.any(String),
          environment: 'demo',
        })),
      );
    });

    it("should answer success false with the broker's reason and mark the connection error", async () => {
      const created = await simConnection(alice.token, { password: 'wrong-password' });

      const res = await call(sut.url, 'POST', `/api/connections/${created.body.id}/test`, { token: alice.token });
      const after = await call<Connection[]>(sut.url, 'GET', '/api/connections', { token: alice.token });

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: false, error: expect.stringContaining('Incorrect username or password') });
      expect(after.body[0].status).toBe('error');
    });

    it('should refresh a tested connection and sign in afresh when it has no token', async () => {
      const tested = await simConnection(alice.token);
      await call(sut.url, 'POST', `/api/connections/${tested.body.id}/test`, { token: alice.token });
      const fresh = await simConnection(alice.token, { nickname: 'Untested' });

      const renewed = await call(sut.url, 'POST', `/api/connections/${tested.body.id}/refresh`, { token: alice.token });
      const signedIn = await call(sut.url, 'POST', `/api/connections/${fresh.body.id}/refresh`, { token: alice.token });

      expect(renewed.body).toEqual({ success: true, message: 'Connected as demo: 2 account(s)' });
      expect(signedIn.body).toEqual({ success: true, message: 'Connected as demo: 2 account(s)' });
    });

    it('should sign in again with the credentials when the broker no longer renews the token', async () => {
      const created = await simConnection(alice.token);
      await call(sut.url, 'POST', `/api/connections/${created.body.id}/test`, { token: alice.token });
      sut.simulator?.control.expireTokens();

      const res = await call(sut.url, 'POST', `/api/connections/${created.body.id}/refresh`, { token: alice.token });

      expect(res.body).toEqual({ success: true, message: 'Connected as demo: 2 account(s)' });
    });

    it('should keep account ids stable across refreshes', async () => {
      const created = await simConnection(alice.token);
      await call(sut.url, 'POST', `/api/connections/${created.body.id}/test`, { token: alice.token });
      const before = await call<{ id: string }[]>(sut.url, 'GET', '/api/accounts', { token: alice.token });

      await call(sut.url, 'POST', `/api/connections/${created.body.id}/refresh`, { token: alice.token });
      const after = await call<{ id: string }[]>(sut.url, 'GET', '/api/accounts', { token: alice.token });

      expect(after.body.map((a) => a.id)).toEqual(before.body.map((a) => a.id));
    });
  });

  describe('user isolation', () => {
    it("should answer 404 to another user's connection on every route and leave it untouched", async () => {
      const created = await simConnection(alice.token);
      const id = created.body.id;

      const answers = [
        await call(sut.url, 'PUT', `/api/connections/${id}`, { token: bob.token, body: { nickname: 'stolen' } }),
        await call(sut.url, 'POST', `/api/connections/${id}/test`, { token: bob.token }),
        await call(sut.url, 'POST', `/api/connections/${id}/refresh`, { token: bob.token }),
        await call(sut.url, 'DELETE', `/api/connections/${id}`, { token: bob.token }),
      ];
      const bobsList = await call<Connection[]>(sut.url, 'GET', '/api/connections', { token: bob.token });
      const alicesList = await call<Connection[]>(sut.url, 'GET', '/api/connections', { token: alice.token });

      expect(answers.map((a) => [a.status, a.body.detail])).toEqual(Array(4).fill([404, 'Connection not found']));
      expect(bobsList.body).toEqual([]);
      expect(alicesList.body).toEqual([expect.objectContaining({ id, nickname: 'Sim', status: 'expired' })]);
    });

    it("should not list another user's accounts", async () => {
      const created = await simConnection(alice.token);
      await call(sut.url, 'POST', `/api/connections/${created.body.id}/test`, { token: alice.token });

      const res = await call(sut.url, 'GET', '/api/accounts', { token: bob.token });

      expect(res.body).toEqual([]);
    });
  });

  describe('DELETE /api/connections/{id}', () => {
    it('should remove the connection and its accounts', async () => {
      const created = await simConnection(alice.token);
      await call(sut.url, 'POST', `/api/connections/${created.body.id}/test`, { token: alice.token });

      const res = await call(sut.url, 'DELETE', `/api/connections/${created.body.id}`, { token: alice.token });
      const again = await call(sut.url, 'DELETE', `/api/connections/${created.body.id}`, { token: alice.token });
      const accounts = await call(sut.url, 'GET', '/api/accounts', { token: alice.token });

      expect(res).toMatchObject({ status: 200, body: { success: true } });
      expect(again.status).toBe(404);
      expect(accounts.body).toEqual([]);
    });
  });

  describe('POST /api/symbols/search', () => {
    it('should answer success false when the user has no active connection', async () => {
      await create(bob.token, { nickname: 'untested' });

      const res = await call(sut.url, 'POST', '/api/symbols/search', { token: bob.token, body: { symbol: 'MNQ' } });

      expect(res).toMatchObject({
        status: 200,
        body: { success: false, contracts: [], error: 'No active Tradovate connection found' },
      });
    });

    it('should find contracts with their tick through an active connection', async () => {
      const created = await simConnection(alice.token);
      await call(sut.url, 'POST', `/api/connections/${created.body.id}/test`, { token: alice.token });

      const res = await call<{ success: boolean; contracts: { symbol: string; tick: number; contract_id: number }[] }>(
        sut.url,
        'POST',
        '/api/symbols/search',
        { token: alice.token, body: { symbol: 'MNQ' } },
      );

      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.contracts.length).toBeGreaterThan(0);
      expect(res.body.contracts[0]).toEqual({
        contract_id: expect.any(Number),
        symbol: expect.stringMatching(/^MNQ[FGHJKMNQUVXZ]\d$/),
        tick: 0.25,
        description: 'Micro E-Mini NASDAQ-100',
      });
    });

    it.each([
      ['a blank symbol', { symbol: '   ' }],
      ['a missing symbol', {}],
      ['a symbol over 32 characters', { symbol: 'M'.repeat(33) }],
      ['a numeric symbol', { symbol: 5 }],
    ])('should answer 400 for %s', async (_, body) => {
      const res = await call(sut.url, 'POST', '/api/symbols/search', { token: alice.token, body });

      expect(res.status).toBe(400);
    });
  });

  describe('encryption at rest', () => {
    it('should keep no broker password, secret or token in plaintext in the database files', async () => {
      const password = 'Distinctive-Pass-4815162342';
      const sec = 'Distinctive-Sec-7a7a7a7a7a';
      const nickname = 'Nickname-Marker-9c9c9c9c';
      const created = await create(alice.token, { nickname, username: 'enc', password, sec, cid: 8 });
      const alicesOwn = await call(sut.url, 'GET', '/api/connections', { token: alice.token });
      expect(JSON.stringify(alicesOwn.body)).not.toMatch(/Distinctive/);
      expect(created.status).toBe(201);

      // Committed rows reach the embedded database's files (WAL) at commit.
      const grep = (text: string): boolean => {
        try {
          execFileSync('grep', ['-r', '-q', '-a', '-F', text, `${sut.dataDir}/pg`]);
          return true;
        } catch {
          return false;
        }
      };

      expect(grep(nickname)).toBe(true); // the files hold the row...
      expect(grep(password)).toBe(false); // ...but not its secrets
      expect(grep(sec)).toBe(false);
    });
  });
});
