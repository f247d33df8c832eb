import { waitUntil } from '@app/testing';
import { activeUser, call, login, tradingAlert } from '@app/testing/http-client';
import { standaloneOnSimulator } from './helpers/standalone-on-simulator';

const ADMIN = { email: 'root@example.com', password: 'kill-admin-password-1' };
const WEBHOOKS = 4;

interface LogItem {
  id: string;
  requestId: string;
  status: string;
}

/**
 * `npm start` killed (SIGKILL, a power cut of the process) while webhooks' orders are out at the broker and unanswered.
 * In standalone mode an executing webhook's row is written once, with its outcome, by the fan-out's closing write; until
 * then the intake log in the data folder is its only record. At the next start each such webhook gets its row and is
 * resumed: every order looked up by its clOrdId first, none placed twice, every trade log final.
 */
describe('standalone process killed with orders in flight', () => {
  const { sim, product, start } = standaloneOnSimulator('ql-kill-', {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });

  it('should resume every admitted webhook after the restart, placing each order exactly once', async () => {
    let url = await start();
    const user = await activeUser(url, await login(url, ADMIN.email, ADMIN.password));
    const t = user.token;
    const { alertId, symbol, secret } = await tradingAlert(url, t);

    // The broker records each order at once and holds its answer: the fan-outs are under way when the process dies.
    sim().control.setLatency(30_000, 'order/placeorder');
    for (let quantity = 1; quantity <= WEBHOOKS; quantity += 1) {
      // Quantities differ, so no webhook is a duplicate of another. Their answers never come: the process is killed.
      void call(url, 'POST', `/api/webhooks/tradingview/${secret}`, {
        body: { alert_id: alertId, order_type: 'market', action: 'buy', quantity, symbol },
      }).catch(() => undefined);
    }
    await waitUntil(() => sim().control.orders().length === WEBHOOKS * 2, 15_000, 'every order at the broker');
    const beforeKill = await call<{ items: LogItem[] }>(url, 'GET', '/api/logs?page_size=100', { token: t });
    await product().kill('SIGKILL');
    sim().control.setLatency(0, 'order/placeorder');

    url = await start();
    const token = await login(url, user.email, user.password);
    const list = () => call<{ items: LogItem[] }>(url, 'GET', '/api/logs?page_size=100', { token });
    await waitUntil(
      async () => {
        const items = (await list()).body.items;
        return items.length === WEBHOOKS && items.every((i) => i.status === 'completed');
      },
      60_000,
      'every trade log completed',
    );

    // Before the kill the trade log showed none of them: they were still being placed, their rows not yet written.
    expect(beforeKill.body.items).toEqual([]);
    const orders = sim().control.orders();
    expect(orders).toHaveLength(WEBHOOKS * 2);
    expect(new Set(orders.map((o) => o.clOrdId)).size).toBe(WEBHOOKS * 2);
    const details = await Promise.all(
      (await list()).body.items.map((i) =>
        call<{ events: { message: string }[]; response: { successful: number } }>(url, 'GET', `/api/logs/${i.id}`, {
          token,
        }),
      ),
    );
    for (const d of details) {
      expect(d.body.response).toMatchObject({ successful: 2 });
      expect(d.body.events.map((e) => e.message)).toEqual(expect.arrayContaining(['Resumed after an interruption']));
    }
    expect(product().output()).toContain('4 webhook(s) interrupted before their closing write will be resumed');
  });
});
