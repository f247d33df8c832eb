import 'reflect-metadata';
import { AppLogger, ConfigError, createRootLogger, loadConfig } from '@app/common';
import { allRequestTopics } from '@app/contracts';
import { exitOnListenFailure, exitWhenConsumerDies, installShutdown, readiness } from '@app/host';
import { connectKafkaClient, createKafkaClient } from '@app/messaging';
import { collectDefaultMetrics } from 'prom-client';
import { createGatewayApp } from './gateway.app';
import { gatewayConfigSchema } from './gateway.config';

/** The gateway as its own process, talking to the services over Kafka. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(gatewayConfigSchema);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`gateway: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const logger = new AppLogger(createRootLogger({ level: config.LOG_LEVEL, service: 'gateway' }));
  collectDefaultMetrics({ labels: { service: 'gateway' } });
  const sendsTo = allRequestTopics();
  const bus = createKafkaClient(config, 'gateway', sendsTo);
  const app = await createGatewayApp(
    { config, bus, busOptions: { requestTimeoutMs: config.REQUEST_TIMEOUT_MS } },
    logger,
  );
  await connectKafkaClient(bus, sendsTo);
  // Replies never arrive once the reply consumer died for good: exit so the orchestrator restarts us.
  exitWhenConsumerDies(bus.consumer, logger);
  readiness.transportUp = true;
  await exitOnListenFailure('gateway', { host: config.HOST, port: config.PORT }, () =>
    app.listen(config.PORT, config.HOST),
  );
  installShutdown(app, logger, config.SHUTDOWN_TIMEOUT_MS, { afterClose: () => bus.close() });
  logger.log(`gateway listening on ${config.PUBLIC_URL}`, 'Host');
}

void main();
