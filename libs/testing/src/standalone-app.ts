import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import type { Simulator } from '@app/simulator';
import { AppLogger, createRootLogger, loadConfig } from '@app/common';
import { ensureLocalSecrets } from '../../../services/standalone/src/local-secrets';
import { runStandalone } from '../../../services/standalone/src/run-standalone';
import { startSandbox } from '../../../services/standalone/src/sandbox';
import { standaloneConfigSchema } from '../../../services/standalone/src/standalone.config';

export interface StandaloneApp {
  app: INestApplication;
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  dataDir: string;
  /** The in-process Tradovate simulator acting as the broker (unless TRADOVATE_SANDBOX=false). */
  simulator?: Simulator;
  close(): Promise<void>;
}

/**
 * The whole product in this test process, as `npm start` runs it: embedded database in a fresh temp
 * folder, in-process transport, gateway on a random port (unless env.PORT). `env` overrides variables (e.g. ADMIN_EMAIL).
 * `restartOf`: start again on the data folder of an app the caller has stopped (`app.close()`), as a restart would.
 */
export async function startStandaloneApp(
  env: Record<string, string> = {},
  { restartOf }: { restartOf?: StandaloneApp } = {},
): Promise<StandaloneApp> {
  const dataDir = restartOf?.dataDir ?? mkdtempSync(path.join(tmpdir(), 'tvtrade-test-'));
  // PORT may be fixed by the caller when PUBLIC_URL must name it (browser tests follow OAuth redirects).
  const vars: NodeJS.ProcessEnv = {
    LOG_LEVEL: 'warn',
    ...env,
    DATA_DIR: dataDir,
    PORT: env.PORT ?? '0',
    HOST: '127.0.0.1',
  };
  ensureLocalSecrets(vars);
  const simulator = await startSandbox(vars);
  const config = loadConfig(standaloneConfigSchema, vars);
  const logger = new AppLogger(createRootLogger({ level: config.LOG_LEVEL, service: 'test' }));
  const app = await runStandalone(config, logger, simulator ? [simulator] : []);
  const { port } = app.getHttpServer().address() as AddressInfo;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    simulator,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
