import { startSimulator } from './index';
import type { Simulator } from './index';
import { credentials, getJson, login, postForm, postJson } from './test-http';

describe('simulator auth', () => {
  let sut: Simulator;

  beforeAll(async () => {
    sut = await startSimulator();
  });
  afterAll(() => sut.close());

  describe('auth/accesstokenrequest', () => {
    it('should grant a token with the documented fields', async () => {
      const answer = await postJson(`${sut.demoUrl}/auth/accessTokenRequest`, credentials());
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        name: 'demo',
        userStatus: 'Active',
        hasLive: true,
        userId: expect.any(Number),
      });
      const body = answer.body as { accessToken: string; mdAccessToken: string; expirationTime: string };
      expect(Date.parse(body.expirationTime) - Date.now()).toBeGreaterThan(4700_000);
      expect(body.mdAccessToken).not.toBe(body.accessToken);
    });

    it('should answer 200 with errorText on a wrong password', async () => {
      const answer = await postJson(
        `${sut.demoUrl}/auth/accesstokenrequest`,
        credentials({ password: 'DEMO-PASSWORD' }),
      );
      expect(answer).toMatchObject({
        status: 200,
        body: { errorText: expect.stringContaining('Incorrect username or password') },
      });
    });

    it('should say the app is not registered without cid and sec', async () => {
      const answer = await postJson(
        `${sut.demoUrl}/auth/accesstokenrequest`,
        credentials({ cid: undefined, sec: undefined }),
      );
      expect(answer.body).toEqual({ errorText: 'The app is not registered' });
    });

    it('should answer "Invalid or missed parameters" to a body that is not JSON', async () => {
      const res = await fetch(`${sut.demoUrl}/auth/accesstokenrequest`, { method: 'POST', body: '{nope' });
      expect(await res.json()).toEqual({ errorText: 'Invalid or missed parameters' });
    });
  });

  describe('bearer calls', () => {
    it('should answer 401 with an empty body to an unknown token', async () => {
      const answer = await getJson(`${sut.demoUrl}/account/list`, 'not-a-token');
      expect(answer).toMatchObject({ status: 401, text: '' });
    });

    it('should not accept a demo credential token on the live host', async () => {
      const token = await login(sut.demoUrl);
      expect((await getJson(`${sut.liveUrl}/account/list`, token)).status).toBe(401);
    });

    it("should list only the caller's accounts in that world", async () => {
      const demo = await getJson(`${sut.demoUrl}/account/list`, await login(sut.demoUrl));
      const live = await getJson(`${sut.liveUrl}/account/list`, await login(sut.liveUrl));
      const trader2 = await getJson(
        `${sut.demoUrl}/account/list`,
        await login(sut.demoUrl, { name: 'trader2', password: 'trader2-password' }),
      );
      expect((demo.body as Array<{ name: string }>).map((a) => a.name)).toEqual(['DEMO100001', 'DEMO100002']);
      expect((live.body as Array<{ name: string }>).map((a) => a.name)).toEqual(['LIVE100001']);
      expect((trader2.body as unknown[]).length).toBe(3);
    });
  });

  describe('auth/renewaccesstoken', () => {
    it('should issue a new token and keep the old one valid', async () => {
      const old = await login(sut.demoUrl);
      const renewed = await getJson(`${sut.demoUrl}/auth/renewAccessToken`, old);
      const fresh = (renewed.body as { accessToken: string }).accessToken;
      expect(fresh).not.toBe(old);
      expect((await getJson(`${sut.demoUrl}/auth/me`, old)).status).toBe(200);
      expect((await getJson(`${sut.demoUrl}/auth/me`, fresh)).body).toMatchObject({ name: 'demo' });
    });

    it('should answer 401 once tokens are expired', async () => {
      const token = await login(sut.demoUrl);
      sut.control.expireTokens();
      expect((await getJson(`${sut.demoUrl}/auth/renewaccesstoken`, token)).status).toBe(401);
      expect((await getJson(`${sut.demoUrl}/auth/me`, token)).status).toBe(401);
    });
  });

  describe('oauth', () => {
    const redirectUri = 'http://localhost:5173/api/tradovate/callback';
    const query = `response_type=code&client_id=tvtrade&redirect_uri=${encodeURIComponent(redirectUri)}&state=s1&scope=read%20trade`;
    const consent = (decision: string, password = 'demo-password') =>
      postForm(sut.oauthUrl, {
        response_type: 'code',
        client_id: 'tvtrade',
        redirect_uri: redirectUri,
        state: 's1',
        username: 'demo',
        password,
        decision,
      });
    const exchange = (code: string) => ({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: 'tvtrade',
      client_secret: 'tvtrade-secret',
    });

    it('should serve a login form with Authorize and Deny buttons', async () => {
      const page = await getJson(`${sut.oauthUrl}?${query}`);
      expect(page.status).toBe(200);
      expect(page.text).toMatch(/<button[^>]*>Authorize<\/button>/);
      expect(page.text).toMatch(/<button[^>]*>Deny<\/button>/);
      expect(page.text).toContain('<label for="username">');
    });

    it('should redirect with a code that exchanges once, form-encoded or JSON', async () => {
      const first = new URL((await consent('authorize')).location ?? '');
      expect(first.searchParams.get('state')).toBe('s1');
      const token = await postForm(sut.oauthTokenUrl, exchange(first.searchParams.get('code') ?? ''));
      expect(token.body).toMatchObject({
        token_type: 'Bearer',
        expires_in: 4800,
        access_token: expect.any(String),
        refresh_token: expect.any(String),
      });
      const reused = await postForm(sut.oauthTokenUrl, exchange(first.searchParams.get('code') ?? ''));
      expect(reused).toMatchObject({ status: 200, body: { error: 'invalid_grant' } });

      const second = new URL((await consent('authorize')).location ?? '');
      const viaJson = await postJson(`${sut.liveUrl}/auth/oauthtoken`, exchange(second.searchParams.get('code') ?? ''));
      const accessToken = (viaJson.body as { access_token: string }).access_token;
      expect((await getJson(`${sut.demoUrl}/account/list`, accessToken)).status).toBe(200);
      expect((await getJson(`${sut.liveUrl}/account/list`, accessToken)).body).toEqual([
        expect.objectContaining({ name: 'LIVE100001' }),
      ]);
    });

    it('should redirect with error=access_denied on Deny', async () => {
      const denied = new URL((await consent('deny', '')).location ?? '');
      expect(Object.fromEntries(denied.searchParams)).toEqual({ error: 'access_denied', state: 's1' });
    });

    it('should show the form again on a wrong password', async () => {
      const answer = await consent('authorize', 'wrong');
      expect(answer.location).toBeNull();
      expect(answer.text).toContain('role="alert"');
    });
  });
});
