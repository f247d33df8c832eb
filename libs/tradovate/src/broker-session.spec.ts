import { startSimulator } from '@app/simulator';
import type { Simulator } from '@app/simulator';
import { BrokerSession } from './broker-session';
import { TradovateClient } from './tradovate.client';
import type { AccessToken } from './types';

describe(BrokerSession.name, () => {
  let sim: Simulator;
  let client: TradovateClient;
  const login = (): Promise<AccessToken> =>
    client.requestAccessToken('demo', {
      name: 'demo',
      password: 'demo-password',
      appId: 'TVTradovate',
      appVersion: '1',
      deviceId: 'd',
      cid: 8,
      sec: 'sim-secret',
    });

  beforeAll(async () => {
    sim = await startSimulator();
    client = new TradovateClient({ demoUrl: sim.demoUrl, liveUrl: sim.liveUrl, oauthTokenUrl: sim.oauthTokenUrl });
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    await client.close();
    await sim.close();
  });

  describe('getToken', () => {
    it('should return the current token while far from expiry', async () => {
      const token = await login();
      const renew = jest.spyOn(client, 'renewAccessToken');
      const sut = new BrokerSession(client, 'demo', token);
      expect(await sut.getToken()).toBe(token.accessToken);
      expect(renew).not.toHaveBeenCalled();
    });

    it('should renew within the margin, once for concurrent callers', async () => {
      const token = await login();
      const renew = jest.spyOn(client, 'renewAccessToken');
      const onRenewed = jest.fn();
      const sut = new BrokerSession(client, 'demo', token, { renewMarginMs: 2 * 3600_000, onRenewed });
      const tokens = await Promise.all([sut.getToken(), sut.getToken(), sut.getToken()]);
      expect(new Set(tokens).size).toBe(1);
      expect(tokens[0]).not.toBe(token.accessToken);
      expect(renew).toHaveBeenCalledTimes(1);
      expect(onRenewed).toHaveBeenCalledWith({ accessToken: tokens[0], expiresAt: expect.any(Number) });
    });

    it('should keep a still-valid token when an early renewal fails', async () => {
      const token = await login();
      sim.control.failNext('auth/renewaccesstoken', { status: 500 });
      const sut = new BrokerSession(client, 'demo', token, { renewMarginMs: 2 * 3600_000 });
      expect(await sut.getToken()).toBe(token.accessToken);
    });

    it('should reauthenticate when the token has expired', async () => {
      const token = await login();
      const fresh = await login();
      const sut = new BrokerSession(
        client,
        'demo',
        { ...token, expiresAt: Date.now() - 1 },
        { reauthenticate: () => Promise.resolve(fresh) },
      );
      expect(await sut.getToken()).toBe(fresh.accessToken);
    });
  });

  describe('withToken', () => {
    it('should renew and retry once after BROKER_AUTH_FAILED', async () => {
      const token = await login();
      const sut = new BrokerSession(
        client,
        'demo',
        { accessToken: 'revoked', expiresAt: token.expiresAt },
        { reauthenticate: login },
      );
      const accounts = await sut.withToken((t) => client.listAccounts('demo', t));
      expect(accounts).toHaveLength(2);
      expect(sut.current.accessToken).not.toBe('revoked');
    });

    it('should give up with BROKER_AUTH_FAILED when renewal cannot help', async () => {
      const token = await login();
      sim.control.expireTokens();
      const sut = new BrokerSession(client, 'demo', {
        accessToken: token.accessToken,
        expiresAt: Date.now() + 3600_000,
      });
      await expect(sut.withToken((t) => client.listAccounts('demo', t))).rejects.toMatchObject({
        code: 'BROKER_AUTH_FAILED',
      });
    });

    it('should not retry other failures', async () => {
      const sut = new BrokerSession(client, 'demo', await login());
      const fn = jest.fn().mockRejectedValue(new Error('boom'));
      await expect(sut.withToken(fn)).rejects.toThrow('boom');
      expect(fn).toHaveBeenCalledTimes(1);
    });
  });
});
