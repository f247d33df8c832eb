import { activeUser, login, tradingAlert } from '@app/testing/http-client';
import { standaloneOnSimulator } from './helpers/standalone-on-simulator';

const ADMIN = { email: 'root@example.com', password: 'stop-admin-password-1' };

/**
 * The product stopped (SIGTERM) while TradingView keeps sending. It reports not-ready at once and closes its listener
 * last, so webhooks still arrive while it stops. What a sender may meet then: an answer for a webhook that was placed
 * and recorded, or a refused or reset connection for one that placed nothing. Never a 5xx, never an order placed
 * twice, never a webhook answered and then missing from the trade log.
 */
describe('standalone process stopped while webhooks arrive', () => {
  const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, WEBHOOK_RATE_LIMIT_PER_MIN: '100000' };
  const { sim, product, start } = standaloneOnSimulator('ql-stop-', env);

  it('should answer only webhooks it placed and recorded, and refuse the rest without a 5xx', async () => {
    let url = await start();
    const user = await activeUser(url, await login(url, ADMIN.email, ADMIN.password));
    const { alertId, symbol, secret } = await tradingAlert(url, user.token);
    const stopping = product();

    // One webhook every 5 ms, each its own signal (quantities differ), until well after the process has exited.
    const outcomes: Promise<{ status: number | 'no answer'; body: string }>[] = [];
    let exited = false;
    void stopping.exited.then(() => (exited = true));
    let afterExit = 0;
    for (let i = 0; afterExit < 20; i += 1) {
      afterExit += exited ? 1 : 0;
      outcomes.push(
        fetch(`${url}/api/webhooks/tradingview/${secret}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ alert_id: alertId, order_type: 'market', action: 'buy', quantity: i + 1, symbol }),
        }).then(
          async (r) => ({ status: r.status, body: await r.text() }),
          () => ({ status: 'no answer' as const, body: '' }),
        ),
      );
      if (i === 100) {
        process.kill(stopping.pid, 'SIGTERM');
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    const answers = await Promise.all(outcomes);
    const exit = await stopping.exited;
    expect({
      exit,
      errors: stopping
        .output()
        .split('\n')
        .filter((l) => /"level":(40|50|60)|\[stderr\]/.test(l)),
    }).toEqual({ exit: { code: 0, signal: null }, errors: [] });

    const placed = answers.filter((a) => a.status === 200);
    const others = answers.filter((a) => a.status !== 200);
    expect(others.filter((a) => a.status !== 'no answer')).toEqual([]); // no 5xx, nor any other answer
    expect(others.length).toBeGreaterThan(0); // the stop was met: the last ones found nobody listening
    for (const a of placed) {
      expect(JSON.parse(a.body)).toMatchObject({ successful: 2, failed: 0 });
    }

    // Started again: every answered webhook is in the trade log; any other it admitted is finished by the resume.
    url = await start();
    const token = await login(url, user.email, user.password);
    const logs = (await (
      await fetch(`${url}/api/logs?page_size=1`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { total: number };
    const orders = sim().control.orders();
    expect(logs.total).toBeGreaterThanOrEqual(placed.length);
    expect({ orders: orders.length, distinct: new Set(orders.map((o) => o.clOrdId)).size }).toEqual({
      orders: logs.total * 2,
      distinct: logs.total * 2,
    });
  }, 120_000);
});
