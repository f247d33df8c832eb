import 'reflect-metadata';
import { AppLogger, ConfigError, createRootLogger, loadConfig } from '@app/common';
import { exitOnListenFailure, installShutdown, probeListen, readiness } from '@app/host';
import { ensureLocalSecrets } from './local-secrets';
import { runStandalone } from './run-standalone';
import { sandboxBanner, startSandbox } from './sandbox';
import { standaloneConfigSchema } from './standalone.config';

/** `npm start`: the whole product in one process. */
async function main(): Promise<void> {
  ensureLocalSecrets(process.env);
  let simulator;
  let config;
  try {
    simulator = await startSandbox(process.env);
    config = loadConfig(standaloneConfigSchema);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`standalone: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const logger = new AppLogger(createRootLogger({ level: config.LOG_LEVEL, service: 'standalone' }));
  const address = { host: config.HOST, port: config.PORT };
  const app = await exitOnListenFailure('standalone', address, async () => {
    // Refused before the database opens: a first start would otherwise create the administrator and print its
    // password ("shown only this once") for a product that never ran.
    await probeListen(address);
    return runStandalone(config, logger, simulator ? [simulator] : []);
  });
  readiness.transportUp = true;
  installShutdown(app, logger, config.SHUTDOWN_TIMEOUT_MS);
  process.stdout.write(
    `\n  QuantLynk is running: ${config.PUBLIC_URL}\n${simulator ? `\n${sandboxBanner(simulator)}\n` : ''}\n`,
  );
}

void main();
