import { startStandaloneApp } from '@app/testing/standalone-app';
import type { StandaloneApp } from '@app/testing/standalone-app';
import { activeUser, call, login } from '@app/testing/http-client';

const ADMIN = { email: 'root@example.com', password: 'root-password-1' };

/** The hidden and named inputs of the consent page's form, as a browser would submit them. */
function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) {
    fields[m[1]] = m[2].replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  }
  return { action, fields };
}

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

  /** Follows the consent page like a browser: answers where the provider sends the browser back to. */
  async function consent(decision: 'authorize' | 'deny', username = 'demo', password = 'demo-password'): Promise<URL> {
    const { body } = await call<{ url: string }>(sut.url, 'GET', '/api/tradovate/oauth-url', { token: user.token });
    const page = await fetch(body.url);
    const form = formOf(await page.text());
    const submit = await fetch(new URL(form.action, body.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form.fields, username, password, decision }).toString(),
      redirect: 'manual',
    });
    expect(submit.status).toBe(302);
    return new URL(submit.headers.get('location') ?? '');
  }

  /** The provider redirects to PUBLIC_URL; the test app listens on a random port, so keep only the path. */
  const followToCallback = (back: URL) => call(sut.url, 'GET', `${back.pathname}${back.search}`);

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
      const connections = await call<Record<string, unknown>[]>(sut.url, 'GET', '/api/connections', { token: user.token });
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
      const refreshed = await call(sut.url, 'POST', `/api/connections/${connections.body[0].id}/refresh`, { token: user.token });

      expect(res.location).toBe('/connections?added=1');
      expect(connections.body).toHaveLength(1);
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
      const bad = await call(sut.url, 'GET', `/api/tradovate/callback?code=${encodeURIComponent(code)}&state=${forged}`);

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
