// Starts the baseline relay in its own process for every seeded fan-out.
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Simulator } from '@app/simulator';
import { spawnChild } from '../child';
import type { SimAccountSet } from '../sim-world';
import type { Route, Target } from '../target';
import type { RelayOptions, RelayRoute } from './relay';

export async function startBaseline(sim: Simulator, sets: SimAccountSet[], execArgv: string[] = []): Promise<Target> {
  const secret = randomBytes(16).toString('hex');
  const alerts = sets.map((s) => ({ set: s, alertId: randomUUID() }));
  const routes: Record<string, RelayRoute> = Object.fromEntries(
    alerts.map(({ set, alertId }) => [
      alertId,
      { token: set.token, accountIds: set.accountIds, contractName: set.contractName },
    ]),
  );
  const options: RelayOptions = {
    demoUrl: sim.demoUrl,
    liveUrl: sim.liveUrl,
    oauthTokenUrl: sim.oauthTokenUrl,
    secret,
    routes,
  };
  const child = spawnChild(
    'baseline',
    path.join(__dirname, 'main.js'),
    { BENCH_RELAY: JSON.stringify(options) },
    execArgv,
  );
  const [, port] = await child.waitForLine(/relay listening (\d+)/, 15_000);
  const base = `http://127.0.0.1:${port}/api/webhooks/tradingview/${secret}`;
  return {
    name: 'baseline',
    routes: alerts.map((a): Route => ({ fanOut: a.set.fanOut, webhookUrl: base, alertId: a.alertId })),
    pids: () => [child.pid],
    close: () => child.stop(),
  };
}
