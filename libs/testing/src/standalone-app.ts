import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { AppLogger, createRootLogger, loadConfig } from '@app/common';
import { ensureLocalSecrets } from '../../../services/standalone/src/local-secrets';
import { runStandalone } from '../../../services/standalone/src/run-standalone';
import { standaloneConfigSchema } from '../../../services/standalone/src/standalone.config';

export interface StandaloneApp {
  app: INestApplication;
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The whole product in this test process, as `npm start` runs it: embedded database in a fresh temp
 * folder, in-process transport, gateway on a random port. `env` overrides variables (e.g. ADMIN_EMAIL).
 */
export async function startStandaloneApp(env: Record<string, string> = {}): Promise<StandaloneApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tvtrade-test-'));
  const vars: NodeJS.ProcessEnv = { LOG_LEVEL: 'warn', ...env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' };
  ensureLocalSecrets(vars);
  const config = loadConfig(standaloneConfigSchema, vars);
  const logger = new AppLogger(createRootLogger({ level: config.LOG_LEVEL, service: 'test' }));
  const app = await runStandalone(config, logger);
  const { port } = app.getHttpServer().address() as AddressInfo;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
