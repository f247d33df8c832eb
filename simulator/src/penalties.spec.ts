import { frontMonth } from './catalogue';
import { startSimulator } from './index';
import type { Simulator } from './index';
import { credentials, getJson, login, postJson } from './test-http';

describe('simulator penalties and faults', () => {
  let sut: Simulator;
  let token: string;

  beforeAll(async () => {
    sut = await startSimulator();
    token = await login(sut.demoUrl);
  });
  beforeEach(() => sut.control.reset());
  afterAll(() => sut.close());

  const accounts = (extra = '') => getJson(`${sut.demoUrl}/account/list${extra}`, token);
  const ticketOf = (body: unknown): string => (body as Record<string, string>)['p-ticket'];

  describe('penalize', () => {
    it('should answer a penalty ticket and honour it after p-time', async () => {
      sut.control.penalize('account/list', { pTime: 0.05 });
      const penalty = await accounts();
      expect(penalty).toMatchObject({ status: 200, body: { 'p-ticket': expect.any(String), 'p-time': 0.05 } });
      expect(penalty.body).not.toHaveProperty('p-captcha');
      await new Promise((r) => setTimeout(r, 60));
      expect((await accounts(`?p-ticket=${ticketOf(penalty.body)}`)).body).toHaveLength(2);
    });

    it('should answer a new penalty to an early or unknown ticket', async () => {
      sut.control.penalize('account/list', { pTime: 5 });
      const first = await accounts();
      const early = await accounts(`?p-ticket=${ticketOf(first.body)}`);
      const unknown = await accounts('?p-ticket=forged');
      expect(ticketOf(early.body)).toEqual(expect.any(String));
      expect(ticketOf(early.body)).not.toBe(ticketOf(first.body));
      expect(ticketOf(unknown.body)).toEqual(expect.any(String));
    });

    it('should always demand a captcha on accesstokenrequest', async () => {
      sut.control.penalize('auth/accessTokenRequest', { pTime: 1 });
      const answer = await postJson(`${sut.demoUrl}/auth/accesstokenrequest`, credentials());
      expect(answer.body).toMatchObject({ 'p-captcha': true });
    });

    it('should read the ticket from a JSON body on POST calls', async () => {
      sut.control.penalize('order/cancelorder', { pTime: 0 });
      const first = await postJson(`${sut.demoUrl}/order/cancelorder`, { orderId: 1 }, token);
      const retry = await postJson(
        `${sut.demoUrl}/order/cancelorder`,
        { orderId: 1, 'p-ticket': ticketOf(first.body) },
        token,
      );
      expect(retry.body).toMatchObject({ failureText: 'Access is denied' });
    });
  });

  describe('setLimit', () => {
    it('should penalise failed logins past the limit', async () => {
      sut.control.setLimit('auth/accesstokenrequest', { limit: 2, windowMs: 60_000, pTime: 15, failuresOnly: true });
      const bad = credentials({ password: 'nope' });
      await postJson(`${sut.demoUrl}/auth/accesstokenrequest`, credentials());
      await postJson(`${sut.demoUrl}/auth/accesstokenrequest`, bad);
      await postJson(`${sut.demoUrl}/auth/accesstokenrequest`, bad);
      const third = await postJson(`${sut.demoUrl}/auth/accesstokenrequest`, credentials());
      expect(third.body).toMatchObject({ 'p-time': 15, 'p-captcha': true });
    });
  });

  describe('tooManyRequests', () => {
    it('should answer a bare 429 until turned off', async () => {
      sut.control.tooManyRequests();
      expect(await accounts()).toMatchObject({ status: 429, text: '' });
      sut.control.tooManyRequests('*', 0);
      expect((await accounts()).status).toBe(200);
    });
  });

  describe('failNext', () => {
    it('should answer an injected status without executing, once', async () => {
      sut.control.failNext('order/placeorder', { status: 503 });
      const body = {
        accountId: 1_000_001,
        action: 'Buy',
        symbol: frontMonth('MNQ'),
        orderQty: 1,
        orderType: 'Market',
        isAutomated: true,
      };
      expect((await postJson(`${sut.demoUrl}/order/placeorder`, body, token)).status).toBe(503);
      expect(sut.control.orders()).toHaveLength(0);
    });

    it('should execute and then drop the connection', async () => {
      sut.control.failNext('order/placeorder', { dropAfterExecute: true });
      const body = {
        accountId: 1_000_001,
        action: 'Buy',
        symbol: frontMonth('MNQ'),
        orderQty: 1,
        orderType: 'Market',
        isAutomated: true,
        clOrdId: 'dropped',
      };
      await expect(postJson(`${sut.demoUrl}/order/placeorder`, body, token)).rejects.toThrow();
      expect(sut.control.orders()).toEqual([
        expect.objectContaining({ clOrdId: 'dropped', orderId: expect.any(Number) }),
      ]);
    });

    it('should answer an injected failureReason', async () => {
      sut.control.failNext('order/placeOrder', { failureReason: 'NoQuote', failureText: 'No quote available' });
      const answer = await postJson(`${sut.demoUrl}/order/placeorder`, {}, token);
      expect(answer.body).toEqual({ failureReason: 'NoQuote', failureText: 'No quote available' });
    });
  });

  describe('setLatency', () => {
    it('should delay answers of one endpoint', async () => {
      sut.control.setLatency(150, 'account/list');
      const started = Date.now();
      await accounts();
      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    });
  });

  describe('/__control over HTTP', () => {
    it('should expose the control methods as JSON', async () => {
      await postJson(`${sut.url}/__control/setPrice`, { symbol: 'ES', price: 6001.25 });
      const added = await postJson(`${sut.url}/__control/addUser`, {
        name: 'http-user',
        password: 'pw',
        demoAccounts: 2,
      });
      const users = await getJson(`${sut.url}/__control/users`);
      expect(added.body).toMatchObject({
        ok: true,
        result: { name: 'http-user', accounts: { demo: [expect.anything(), expect.anything()] } },
      });
      expect((users.body as { result: Array<{ name: string }> }).result.map((u) => u.name)).toContain('http-user');
      expect((await getJson(`${sut.url}/__control/nope`)).status).toBe(404);
    });
  });
});
