import { activeUser, call, login } from '@app/testing/http-client';
import type { ActiveUser } from '@app/testing/http-client';
import { followToCallback, oauthConsent } from '@app/testing/oauth-consent';
import { startStandaloneApp } from '@app/testing/standalone-app';
import type { StandaloneApp } from '@app/testing/standalone-app';

const ADMIN = { email: 'root@example.com', password: 'root-password-1' };

/**
 * An OAuth connection holds the Tradovate user's demo AND live accounts under one token; each
 * account's orders must reach its own world (a live account's order on the demo host is refused).
 */
describe('a webhook through an OAuth connection with demo and live accounts', () => {
  let sut: StandaloneApp;
  let user: ActiveUser;

  beforeAll(async () => {
    sut = await startStandaloneApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    user = await activeUser(sut.url, await login(sut.url, ADMIN.email, ADMIN.password));
    await followToCallback(sut.url, await oauthConsent(sut.url, user.token, 'authorize'));
  });

  afterAll(async () => {
    await sut.close();
  });

  it('should place each account order in the account own environment', async () => {
    const token = user.token;
    const accounts = await call<{ id: string; accountName: string; environment: string }[]>(
      sut.url,
      'GET',
      '/api/accounts',
      { token },
    );
    const search = await call<{ contracts: { contract_id: number; symbol: string }[] }>(
      sut.url,
      'POST',
      '/api/symbols/search',
      {
        token,
        body: { symbol: 'MNQ' },
      },
    );
    const contract = search.body.contracts[0];
    const alert = await call<{ id: string }>(sut.url, 'POST', '/api/alerts', {
      token,
      body: {
        name: 'cross-world',
        symbol: contract.symbol,
        symbolId: contract.contract_id,
        accountIds: accounts.body.map((a) => a.id),
      },
    });
    const { body: endpoint } = await call<{ url: string }>(sut.url, 'GET', '/api/webhooks/endpoint', { token });
    const hook = new URL(endpoint.url);

    const res = await call<{ successful: number; failed: number }>(sut.url, 'POST', hook.pathname, {
      body: { alert_id: alert.body.id, order_type: 'market', action: 'buy', quantity: 1 },
    });

    expect(accounts.body.map((a) => a.environment).sort()).toEqual(['demo', 'demo', 'live']);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ successful: 3, failed: 0 });
    const received = sut.simulator?.control.orders() ?? [];
    expect(received.map((o) => [o.world, o.accountId, o.orderId !== undefined]).sort()).toEqual([
      ['demo', 1000001, true],
      ['demo', 1000002, true],
      ['live', 5000001, true],
    ]);
  });
});
