import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer, freePort, repoRoot, spawnNode, waitUntil } from '@app/testing';
import type { NodeProcess } from '@app/testing';
import { SIM_LOGIN, activeUser, call, login } from '@app/testing/http-client';
import { DEFAULT_OAUTH_CLIENT, startSimulator } from '@app/simulator';
import type { Simulator } from '@app/simulator';

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
  let sim: Simulator;
  let product: NodeProcess | undefined;
  let dataDir: string;

  beforeAll(async () => {
    buildServer();
    sim = await startSimulator();
    dataDir = mkdtempSync(path.join(tmpdir(), 'ql-kill-'));
  });

  afterAll(async () => {
    await product?.kill('SIGKILL');
    await sim?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (port: number): Promise<string> => {
    const url = `http://127.0.0.1:${port}`;
    product = spawnNode(path.join(repoRoot(), 'dist/services/standalone/src/main.js'), {
      name: 'standalone',
      env: {
        NODE_OPTIONS: '', LOG_LEVEL: 'info', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url,
        ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password,
        // The broker outlives the product: the simulator runs in this test, not in the process that is killed.
        TRADOVATE_SANDBOX: 'false', TRADOVATE_DEMO_URL: sim.demoUrl, TRADOVATE_LIVE_URL: sim.liveUrl, TRADOVATE_OAUTH_URL: sim.oauthUrl,
        TRADOVATE_OAUTH_TOKEN_URL: sim.oauthTokenUrl, TRADOVATE_CLIENT_ID: DEFAULT_OAUTH_CLIENT.clientId, TRADOVATE_CLIENT_SECRET: DEFAULT_OAUTH_CLIENT.clientSecret,
      },
    });
    await product.waitForHttp(`${url}/readyz`, 60_000);
    return url;
  };

  it('should resume every admitted webhook after the restart, placing each order exactly once', async () => {
    const port = await freePort();
    let url = await start(port);
    const user = await activeUser(url, await login(url, ADMIN.email, ADMIN.password));
    const t = user.token;
    const conn = await call<{ id: string }>(url, 'POST', '/api/connections', { token: t, body: { nickname: 'sim', environment: 'demo', ...SIM_LOGIN } });
    await call(url, 'POST', `/api/connections/${conn.body.id}/test`, { token: t });
    const group = await call<{ id: string }>(url, 'POST', '/api/groups', { token: t, body: { name: 'desk' } });
    await call(url, 'PUT', `/api/groups/${group.body.id}`, { token: t, body: { connection_ids: [conn.body.id] } });
    const search = await call<{ contracts: { contract_id: number; symbol: string }[] }>(url, 'POST', '/api/symbols/search', { token: t, body: { symbol: 'MNQ' } });
    const [contract] = search.body.contracts;
    const alert = await call<{ id: string }>(url, 'POST', '/api/alerts', {
      token: t,
      body: { name: 'breakout', symbol: contract.symbol, symbolId: contract.contract_id, status: 'active', groupIds: [group.body.id] },
    });
    const secret = (await call<{ url: string }>(url, 'GET', '/api/webhooks/endpoint', { token: t })).body.url.split('/').pop()!;

    // The broker records each order at once and holds its answer: the fan-outs are under way when the process dies.
    sim.control.setLatency(30_000, 'order/placeorder');
    for (let quantity = 1; quantity <= WEBHOOKS; quantity += 1) {
      // Quantities differ, so no webhook is a duplicate of another. Their answers never come: the process is killed.
      void call(url, 'POST', `/api/webhooks/tradingview/${secret}`, { body: { alert_id: alert.body.id, order_type: 'market', action: 'buy', quantity, symbol: contract.symbol } }).catch(() => undefined);
    }
    await waitUntil(() => sim.control.orders().length === WEBHOOKS * 2, 15_000, 'every order at the broker');
    const beforeKill = await call<{ items: LogItem[] }>(url, 'GET', '/api/logs?page_size=100', { token: t });
    await product!.kill('SIGKILL');
    sim.control.setLatency(0, 'order/placeorder');

    url = await start(port);
    const token = await login(url, user.email, user.password);
    const list = () => call<{ items: LogItem[] }>(url, 'GET', '/api/logs?page_size=100', { token });
    await waitUntil(async () => {
      const items = (await list()).body.items;
      return items.length === WEBHOOKS && items.every((i) => i.status === 'completed');
    }, 60_000, 'every trade log completed');

    // Before the kill the trade log showed none of them: they were still being placed, their rows not yet written.
    expect(beforeKill.body.items).toEqual([]);
    const orders = sim.control.orders();
    expect(orders).toHaveLength(WEBHOOKS * 2);
    expect(new Set(orders.map((o) => o.clOrdId)).size).toBe(WEBHOOKS * 2);
    const details = await Promise.all((await list()).body.items.map((i) => call<{ events: { message: string }[]; response: { successful: number } }>(url, 'GET', `/api/logs/${i.id}`, { token })));
    for (const d of details) {
      expect(d.body.response).toMatchObject({ successful: 2 });
      expect(d.body.events.map((e) => e.message)).toEqual(expect.arrayContaining(['Resumed after an interruption']));
    }
    expect(product!.output()).toContain('4 webhook(s) interrupted before their closing write will be resumed');
  });
});
