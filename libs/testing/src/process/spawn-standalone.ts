import { freePort } from './free-port';
import { spawnService } from './spawn-service';
import type { NodeProcess } from './spawn-node';

export interface BuiltStandalone {
  product: NodeProcess;
  /** e.g. http://127.0.0.1:41234 */
  url: string;
}

/**
 * What the standalone product needs to serve on `port` from `dataDir`, on the loopback interface, and the URL it
 * then answers at: for a test that starts it its own way (`npm start`) as for `spawnStandalone`.
 */
export function standaloneOn(dataDir: string, port: number): { env: Record<string, string>; url: string } {
  const url = `http://127.0.0.1:${port}`;
  const env = {
    NODE_OPTIONS: '',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
  };
  return { env, url };
}

/**
 * The built product as `npm start` runs it (`dist/services/standalone/src/main.js`; build it first with
 * `buildServer()`), in a process of its own on `dataDir` and a free port, once /readyz answers. `env` adds to or
 * overrides the product's variables. A product that never gets ready is killed.
 */
export async function spawnStandalone(
  dataDir: string,
  { env = {} }: { env?: Record<string, string> } = {},
): Promise<BuiltStandalone> {
  const on = standaloneOn(dataDir, await freePort());
  const product = spawnService('standalone', { env: { ...on.env, ...env } });
  try {
    await product.waitForHttp(`${on.url}/readyz`, 60_000);
  } catch (err) {
    await product.kill('SIGKILL');
    throw err;
  }
  return { product, url: on.url };
}
