import { frontMonth, startSimulator } from '@app/simulator';
import type { Simulator } from '@app/simulator';
import { BrokerError } from './broker-error';
import { TradovateClient } from './tradovate.client';
import type { AccessTokenRequest, PlaceOrderRequest } from './types';

const DEMO_ACCOUNT = 1_000_001;
const symbol = frontMonth('MNQ');

const credentials = (overrides: Partial<AccessTokenRequest> = {}): AccessTokenRequest => ({
  name: 'demo',
  password: 'demo-password',
  appId: 'TVTradovate',
  appVersion: '0.0.1',
  deviceId: 'spec',
  cid: 8,
  sec: 'sim-secret',
  ...overrides,
});
const anOrder = (overrides: Partial<PlaceOrderRequest> = {}): PlaceOrderRequest => ({
  accountId: DEMO_ACCOUNT,
  action: 'Buy',
  symbol,
  orderQty: 1,
  orderType: 'Market',
  ...overrides,
});

/** The rejection a call ends with, for asserting code and message together. */
const failureOf = async (promise: Promise<unknown>): Promise<BrokerError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof BrokerError)) {
    throw new Error(`Expected a BrokerError, got ${String(error)}`);
  }
  return error;
};

describe(TradovateClient.name, () => {
  let sim: Simulator;
  let sut: TradovateClient;
  let token: string;

  beforeAll(async () => {
    sim = await startSimulator();
    sut = new TradovateClient({
      demoUrl: sim.demoUrl,
      liveUrl: sim.liveUrl,
      oauthTokenUrl: sim.oauthTokenUrl,
      timeoutMs: 300,
      penaltyMaxWaitMs: 500,
    });
    token = (await sut.requestAccessToken('demo', credentials())).accessToken;
  });
  beforeEach(() => sim.control.reset());
  afterAll(async () => {
    await sut.close();
    await sim.close();
  });

  describe('requestAccessToken', () => {
    it('should return the token with its expiry as epoch ms', async () => {
      const result = await sut.requestAccessToken('live', credentials());
      expect(result).toMatchObject({ name: 'demo', hasLive: true, expiresAt: Date.parse(result.expirationTime) });
    });

    it.each([
      ['a wrong password', { password: 'x' }, 'Incorrect username or password'],
      ['an unregistered app', { sec: 'wrong' }, 'The app is not registered'],
    ])('should fail with BROKER_AUTH_FAILED on %s', async (_name, overrides, text) => {
      const error = await failureOf(sut.requestAccessToken('demo', credentials(overrides)));
      expect(error.code).toBe('BROKER_AUTH_FAILED');
      expect(error.message).toContain(text);
    });

    it('should give up with BROKER_CAPTCHA_REQUIRED on a login penalty', async () => {
      sim.control.penalize('auth/accesstokenrequest', { pTime: 0 });
      expect((await failureOf(sut.requestAccessToken('demo', credentials()))).code).toBe('BROKER_CAPTCHA_REQUIRED');
    });
  });

  describe('penalties', () => {
    it('should wait p-time and resend the identical order with the ticket', async () => {
      sim.control.penalize('order/placeorder', { pTime: 0.05 });
      const result = await sut.placeOrder('demo', token, anOrder({ clOrdId: 'pen-1' }));
      expect(result).toEqual({ ok: true, orderId: expect.any(Number) });
      expect(sim.control.orders()).toEqual([expect.objectContaining({ clOrdId: 'pen-1', orderId: result.orderId })]);
    });

    it('should resend GET calls with the ticket', async () => {
      sim.control.penalize('account/list', { pTime: 0.02, count: 2 });
      expect(await sut.listAccounts('demo', token)).toHaveLength(2);
    });

    it('should give up with BROKER_PENALTY when p-time exceeds the allowed wait', async () => {
      sim.control.penalize('account/list', { pTime: 30 });
      const error = await failureOf(sut.listAccounts('demo', token));
      expect(error.code).toBe('BROKER_PENALTY');
      expect(error.info.pTime).toBe(30);
    });
  });

  describe('failures', () => {
    it('should map 401 to BROKER_AUTH_FAILED', async () => {
      expect((await failureOf(sut.listAccounts('demo', 'bogus'))).code).toBe('BROKER_AUTH_FAILED');
    });

    it('should map 5xx to BROKER_UNAVAILABLE with outcome unknown', async () => {
      sim.control.failNext('order/placeorder', { status: 502 });
      const error = await failureOf(sut.placeOrder('demo', token, anOrder()));
      expect(error).toMatchObject({ code: 'BROKER_UNAVAILABLE', info: { status: 502, outcomeUnknown: true } });
    });

    it('should map a bare 429 to BROKER_RATE_LIMITED', async () => {
      sim.control.tooManyRequests('order/list', 1);
      expect((await failureOf(sut.listOrders('demo', token))).code).toBe('BROKER_RATE_LIMITED');
    });

    it('should time out with BROKER_TIMEOUT when the answer is late, though the order was placed', async () => {
      sim.control.setLatency(1000, 'order/placeorder');
      const error = await failureOf(sut.placeOrder('demo', token, anOrder({ clOrdId: 'slow' })));
      expect(error).toMatchObject({ code: 'BROKER_TIMEOUT', info: { outcomeUnknown: true } });
      expect(error.message).toBe('Tradovate did not answer order/placeorder within 300 ms: outcome unknown');
      expect((await sut.listOrders('demo', token)).map((o) => o.clOrdId)).toEqual(['slow']);
    });

    it('should time out past a second too, where undici keeps coarser timers (the default is 5 s)', async () => {
      const client = new TradovateClient({
        demoUrl: sim.demoUrl,
        liveUrl: sim.liveUrl,
        oauthTokenUrl: sim.oauthTokenUrl,
        timeoutMs: 1100,
      });
      sim.control.setLatency(3000, 'order/placeorder');
      const error = await failureOf(client.placeOrder('demo', token, anOrder()));
      await client.close();
      expect(error).toMatchObject({ code: 'BROKER_TIMEOUT', info: { outcomeUnknown: true } });
      expect(error.message).toBe('Tradovate did not answer order/placeorder within 1100 ms: outcome unknown');
    });

    it('should report a dropped answer as BROKER_TIMEOUT', async () => {
      sim.control.failNext('order/placeorder', { dropAfterExecute: true });
      expect((await failureOf(sut.placeOrder('demo', token, anOrder()))).code).toBe('BROKER_TIMEOUT');
    });

    it('should report a refused connection as BROKER_UNAVAILABLE', async () => {
      const closed = await startSimulator();
      await closed.close();
      const client = new TradovateClient({
        demoUrl: closed.demoUrl,
        liveUrl: closed.liveUrl,
        oauthTokenUrl: closed.oauthTokenUrl,
      });
      const error = await failureOf(client.listAccounts('demo', token));
      await client.close();
      expect(error).toMatchObject({ code: 'BROKER_UNAVAILABLE', info: { outcomeUnknown: false } });
    });

    it('should keep failureReason and failureText in a rejection', async () => {
      const error = await failureOf(sut.placeOrder('demo', token, anOrder({ orderType: 'Limit', price: 20000.1 })));
      expect(error).toMatchObject({ code: 'BROKER_REJECTED', info: { failureReason: 'InvalidPrice' } });
      expect(error.message).toContain('InvalidPrice: Invalid price increment');
    });

    it('should turn errorText into BROKER_REJECTED', async () => {
      sim.control.failNext('order/placeorder', { errorText: 'Invalid or missed parameters' });
      expect((await failureOf(sut.placeOrder('demo', token, anOrder()))).message).toContain(
        'Invalid or missed parameters',
      );
    });
  });

  describe('orders', () => {
    it('should place every order type and read the state back', async () => {
      const market = await sut.placeOrder('demo', token, anOrder({ orderQty: 2 }));
      const stopLimit = await sut.placeOrder(
        'demo',
        token,
        anOrder({ orderType: 'StopLimit', price: 21500, stopPrice: 21499.75 }),
      );
      const oso = await sut.placeOso('demo', token, {
        ...anOrder(),
        bracket1: { action: 'Sell', orderType: 'Limit', price: 21100 },
        bracket2: { action: 'Sell', orderType: 'Stop', stopPrice: 20900 },
      });
      const oco = await sut.placeOco('demo', token, {
        ...anOrder({ orderType: 'Limit', price: 20000 }),
        other: { action: 'Buy', orderType: 'Stop', stopPrice: 22000 },
      });
      expect(market).toEqual({ ok: true, orderId: expect.any(Number) });
      expect(oso).toEqual({
        ok: true,
        orderId: expect.any(Number),
        oso1Id: expect.any(Number),
        oso2Id: expect.any(Number),
      });
      expect(oco).toEqual({ ok: true, orderId: expect.any(Number), ocoId: expect.any(Number) });
      expect(await sut.cancelOrder('demo', token, { orderId: stopLimit.orderId })).toEqual({
        ok: true,
        commandId: expect.any(Number),
      });
      expect((await sut.orderVersions('demo', token, stopLimit.orderId))[0]).toMatchObject({
        orderType: 'StopLimit',
        stopPrice: 21499.75,
      });
      expect((await sut.listPositions('demo', token))[0]).toMatchObject({ netPos: 3 });

      const contract = await sut.findContract('demo', token, symbol);
      const flat = await sut.liquidatePosition('demo', token, {
        accountId: DEMO_ACCOUNT,
        contractId: contract?.id ?? 0,
      });
      expect(flat).toEqual({ ok: true, orderId: expect.any(Number) });
      expect((await sut.listPositions('demo', token))[0]).toMatchObject({ netPos: 0 });
      expect((await sut.listFills('demo', token)).length).toBe(3);
    });
  });

  describe('connection reuse', () => {
    it('should send sequential calls over one kept-alive connection', async () => {
      for (let i = 0; i < 5; i += 1) {
        await sut.listAccounts('demo', token);
      }
      const stats = sim.control.stats();
      expect(stats.requests).toEqual({ 'account/list': 5 });
      expect(stats.connections).toBeLessThanOrEqual(1);
    });
  });

  describe('contracts', () => {
    it('should suggest, find and read contracts', async () => {
      const [first] = await sut.suggestContracts('demo', token, 'MNQ', 5);
      expect(first.name).toBe(symbol);
      expect(await sut.getContract('demo', token, first.id)).toEqual(first);
      expect(await sut.findContract('demo', token, 'NOPEZ9')).toBeNull();
    });

    it('should read the tick size from the contract, or through maturity and product', async () => {
      const contract = await sut.findContract('demo', token, frontMonth('ZN'));
      const { providerTickSize: _omitted, ...bare } = contract ?? { id: 0, name: '', contractMaturityId: 0 };
      expect(await sut.tickSize('demo', token, contract ?? bare)).toBe(1 / 64);
      expect(await sut.tickSize('demo', token, bare)).toBe(1 / 64);
    });
  });

  describe('exchangeOAuthCode', () => {
    const redirectUri = 'http://localhost/callback';
    const consent = async (): Promise<string> => {
      const form = {
        response_type: 'code',
        client_id: 'tvtrade',
        redirect_uri: redirectUri,
        username: 'trader2',
        password: 'trader2-password',
        decision: 'authorize',
      };
      const res = await fetch(sim.oauthUrl, { method: 'POST', redirect: 'manual', body: new URLSearchParams(form) });
      return new URL(res.headers.get('location') ?? '').searchParams.get('code') ?? '';
    };
    const exchange = (code: string) =>
      sut.exchangeOAuthCode({ code, redirectUri, clientId: 'tvtrade', clientSecret: 'tvtrade-secret' });

    it('should exchange a code for a token usable on both hosts', async () => {
      const result = await exchange(await consent());
      expect(result).toMatchObject({ tokenType: 'Bearer', expiresIn: 4800, refreshToken: expect.any(String) });
      expect(await sut.listAccounts('demo', result.accessToken)).toHaveLength(3);
      expect(await sut.listAccounts('live', result.accessToken)).toEqual([]);
    });

    it('should fail with OAUTH_FAILED on a reused code', async () => {
      const code = await consent();
      await exchange(code);
      const error = await exchange(code).then(
        () => undefined,
        (e: unknown) => e as BrokerError,
      );
      expect(error).toMatchObject({ code: 'OAUTH_FAILED', message: expect.stringContaining('invalid_grant') });
    });
  });
});
