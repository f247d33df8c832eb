import { startStandaloneApp } from '@app/testing/standalone-app';
import type { StandaloneApp } from '@app/testing/standalone-app';
import { activeUser, call, login } from '@app/testing/http-client';
import { followToCallback as followBack, oauthConsent } from '@app/testing/oauth-consent';

const ADMIN = { email: 'root@example.com', password: 'root-password-1' };

describe('Tradovate OAuth through the gateway', () => {
  let sut: StandaloneApp;
  let user: { id: string; token: string };

  beforeAll(async () => {
    sut = await startStandaloneApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    user = await activeUser(sut.url, await login(sut.url, ADMIN.email, ADMIN.password));
  });

  afterAll(async () => {
    await sut.close();
  });

  const consent = (decision: 'authorize' | 'deny', username = 'demo', password = 'demo-password') =>
    oauthConsent(sut.url, user.token, decision, { username, password });
  const followToCallback = (back: URL) => followBack(sut.url, back);

  describe('GET /api/tradovate/oauth-url', () => {
    it('should point at the provider with the client id, our callback, the scope and a state', async () => {
      const res = await call<{ url: string }>(sut.url, 'GET', '/api/tradovate/oauth-url', { token: user.token });
      const url = new URL(res.body.url);

      expect(res.status).toBe(200);
      expect(`${url.origin}${url.pathname}`).toBe(sut.simulator?.oauthUrl);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        response_type: 'code',
        client_id: 'tvtrade',
        redirect_uri: 'http://localhost:3000/api/tradovate/callback',
        scope: 'read trade',
        state: expect.stringMatching(/^[\w-]+\.[\w-]+$/),
      });
    });
  });

  describe('GET /api/tradovate/callback', () => {
    it('should create the OAuth connection with its demo and live accounts and redirect to added=1', async () => {
      const back = await consent('authorize');

      const res = await followToCallback(back);
      const connections = await call<Record<string, unknown>[]>(sut.url, 'GET', '/api/connections', {
        token: user.token,
      });
      const accounts = await call<{ accountName: string; environment: string }[]>(sut.url, 'GET', '/api/accounts', {
        token: user.token,
      });

      expect(back.pathname).toBe('/api/tradovate/callback');
      expect(res.status).toBe(302);
      expect(res.location).toBe('/connections?added=1');
      expect(connections.body).toEqual([
        expect.objectContaining({
          nickname: 'demo',
          username: 'demo',
          status: 'active',
          authType: 'oauth',
          connectedAccounts: ['DEMO100001', 'DEMO100002', 'LIVE100001'],
          hasPassword: false,
        }),
      ]);
      expect(accounts.body.map((a) => `${a.environment}:${a.accountName}`)).toEqual([
        'demo:DEMO100001',
        'demo:DEMO100002',
        'live:LIVE100001',
      ]);
    });

    it('should update the same connection when the user connects the same broker user again', async () => {
      await followToCallback(await consent('authorize'));

      const res = await followToCallback(await consent('authorize'));
      const connections = await call<{ id: string }[]>(sut.url, 'GET', '/api/connections', { token: user.token });
      const refreshed = await call(sut.url, 'POST', `/api/connections/${connections.body[0].id}/refresh`, {
        token: user.token,
      });

      expect(res.location).toBe('/connections?added=1');
      expect(connections.body).toHaveLength(1);
      expect(refreshed.body).toEqual({ success: true, message: 'Connected as demo: 3 account(s)' });
    });

    it('should keep the broker session when the user renames an OAuth connection or edits its username', async () => {
      await followToCallback(await consent('authorize'));
      const [connection] = (await call<{ id: string }[]>(sut.url, 'GET', '/api/connections', { token: user.token }))
        .body;

      const edited = await call<Record<string, unknown>>(sut.url, 'PUT', `/api/connections/${connection.id}`, {
        token: user.token,
        body: { nickname: 'Desk OAuth', username: 'demo-desk', environment: 'live' },
      });
      const refreshed = await call(sut.url, 'POST', `/api/connections/${connection.id}/refresh`, { token: user.token });

      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({
        nickname: 'Desk OAuth',
        username: 'demo-desk',
        status: 'active',
        authType: 'oauth',
      });
      expect(refreshed.body).toEqual({ success: true, message: 'Connected as demo: 3 account(s)' });
    });

    it("should redirect with the provider's error when the user denies", async () => {
      const res = await followToCallback(await consent('deny'));

      expect(res.status).toBe(302);
      expect(res.location).toBe('/connections?error=access_denied');
    });

    it('should redirect with code=1 when the state is missing or forged', async () => {
      const back = await consent('authorize');
      const code = back.searchParams.get('code') ?? '';
      const state = back.searchParams.get('state') ?? '';
      const forged = `${state.split('.')[0]}.${'A'.repeat(43)}`;

      const missing = await call(sut.url, 'GET', `/api/tradovate/callback?code=${encodeURIComponent(code)}`);
      const bad = await call(
        sut.url,
        'GET',
        `/api/tradovate/callback?code=${encodeURIComponent(code)}&state=${forged}`,
      );

      expect([missing.status, missing.location]).toEqual([302, '/connections?code=1']);
      expect([bad.status, bad.location]).toEqual([302, '/connections?code=1']);
    });

    it('should redirect with an error, never a 5xx, when the code is refused or absent', async () => {
      const back = await consent('authorize');
      await followToCallback(back); // spends the single-use code

      const reused = await followToCallback(back);
      const empty = await call(sut.url, 'GET', '/api/tradovate/callback');
      const odd = await call(sut.url, 'GET', '/api/tradovate/callback?code=a&code=b');

      expect(reused.status).toBe(302);
      expect(reused.location).toMatch(/^\/connections\?error=.+/);
      expect(empty.location).toMatch(/^\/connections\?error=.+/);
      expect(odd.location).toMatch(/^\/connections\?error=.+/);
    });
  });
});
