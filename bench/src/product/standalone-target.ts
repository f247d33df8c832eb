// The product in standalone mode: one process (`node dist/services/standalone/src/main.js`), embedded
// Postgres in a temporary DATA_DIR, the in-process transport.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@app/testing';
import type { Simulator } from '@app/simulator';
import { spawnChild } from '../child';
import { productNodeFlags } from '../product-build';
import { StallLog } from '../stalls';
import type { SimAccountSet } from '../sim-world';
import type { Target } from '../target';
import { productEnv } from './product-env';
import { setUpProductUser } from './setup-user';

export async function startStandaloneProduct(
  productRoot: string,
  sim: Simulator,
  sets: SimAccountSet[],
  execArgv: string[] = [],
  env: Record<string, string> = {},
): Promise<Target> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-standalone-'));
  // Each collection's pause (`--trace-gc`, a line per collection) and the database's housekeeping (its
  // checkpoints logged at info, its vacuums at debug; nothing is logged per webhook) tell what stalled each step.
  // The build's own node flags come before `execArgv`, so a probe can override one (`--memory-reducer`).
  const child = spawnChild(
    'standalone',
    path.join(productRoot, 'dist/services/standalone/src/main.js'),
    { ...productEnv(sim, base), PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'debug', ...env },
    ['--trace-gc', ...productNodeFlags(productRoot), ...execArgv],
  );
  const stalls = new StallLog();
  child.onLine((line) => stalls.feed(line));
  try {
    await child.waitForHttp(`${base}/readyz`, 90_000);
    const routes = await setUpProductUser(base, sets);
    return {
      name: 'standalone',
      routes,
      pids: () => [child.pid],
      dataDir,
      stalls,
      close: async () => {
        await child.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await child.stop();
    throw err;
  }
}
