import 'reflect-metadata';
import { AppLogger, ConfigError, createRootLogger, loadConfig } from '@app/common';
import { exitOnListenFailure, installShutdown, readiness } from '@app/host';
import { ensureLocalSecrets } from './local-secrets';
import { runStandalone } from './run-standalone';
import { sandboxBanner, startSandbox } from './sandbox';
import { standaloneConfigSchema } from './standalone.config';

/** `npm start`: the whole product in one process. */
async function main(): Promise<void> {
  ensureLocalSecrets(process.env);
  const simulator = await startSandbox(process.env);
  let config;
  try {
    config = loadConfig(standaloneConfigSchema);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`standalone: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const logger = new AppLogger(createRootLogger({ level: config.LOG_LEVEL, service: 'standalone' }));
  const app = await exitOnListenFailure('standalone', { host: config.HOST, port: config.PORT }, () =>
    runStandalone(config, logger, simulator ? [simulator] : []),
  );
  readiness.transportUp = true;
  installShutdown(app, logger, config.SHUTDOWN_TIMEOUT_MS);
  process.stdout.write(
    `\n  QuantLynk is running: ${config.PUBLIC_URL}\n${simulator ? `\n${sandboxBanner(simulator)}\n` : ''}\n`,
  );
}

void main();
