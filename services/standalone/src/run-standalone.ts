import type { INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSourceNameRegistry } from '@nestjs/typeorm/dist/data-source-name.registry';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AppLogger } from '@app/common';
import { openEmbeddedDatabase } from '@app/database';
import type { ServiceDefinition } from '@app/host';
import { InProcessBroker, InProcessClient, InProcessServer } from '@app/messaging';
import { authDefinition } from '@app/auth/auth.definition';
import { connectionsDefinition } from '@app/connections/connections.definition';
import { executionDefinition } from '@app/execution/execution.definition';
import { createGatewayApp } from '@app/gateway/gateway.app';
import { tradingDefinition } from '@app/trading/trading.definition';
import type { StandaloneConfig } from './standalone.config';

/**
 * The composition root of standalone mode (the one place allowed to import every service): the four
 * services as Nest microservices on the in-process transport, sharing one embedded database, and
 * the gateway on HTTP. Each service keeps its own schema and DI container, as in distributed mode.
 */
export async function runStandalone(
  config: StandaloneConfig,
  logger: AppLogger,
  /** Stopped after everything else when the gateway closes (the sandbox simulator). */
  extras: { close(): Promise<void> }[] = [],
): Promise<NestExpressApplication> {
  const { db, driver } = await openEmbeddedDatabase(`${config.DATA_DIR}/pg`, logger.child('EmbeddedDatabase'));
  const broker = new InProcessBroker();
  // What a service sends while the others are still starting waits until every one has registered.
  broker.holdUntilOpen();
  const busOptions = { requestTimeoutMs: config.REQUEST_TIMEOUT_MS };
  const definitions: ServiceDefinition[] = [
    authDefinition,
    connectionsDefinition,
    tradingDefinition,
    executionDefinition,
  ];

  const services: INestMicroservice[] = [];
  for (const def of definitions) {
    const module = def.module(
      { config, bus: new InProcessClient(broker), busOptions },
      { kind: 'pglite', driver, dataDir: config.DATA_DIR },
    );
    const service = await NestFactory.createMicroservice(module, {
      strategy: new InProcessServer(broker, def.name),
      logger,
    });
    await service.listen();
    // Each service has its own DI container and DataSource; @nestjs/typeorm's process-wide name
    // registry would otherwise warn that the default name is reused.
    DataSourceNameRegistry.clear();
    services.push(service);
  }

  // Every service is listening: what they sent while starting is delivered, and handled before HTTP opens.
  await broker.open();

  const gateway = await createGatewayApp({ config, bus: new InProcessClient(broker), busOptions }, logger);
  const closeGateway = gateway.close.bind(gateway);
  // Closing the gateway closes everything behind it, in order: HTTP first, the database last.
  gateway.close = async () => {
    await closeGateway();
    for (const service of services.reverse()) {
      await service.close();
    }
    await db.close();
    for (const extra of extras) {
      await extra.close();
    }
  };
  try {
    await gateway.listen(config.PORT, config.HOST);
  } catch (err) {
    // A port already taken, most often: the database and the simulator are closed before the error goes on.
    await gateway.close().catch(() => undefined);
    throw err;
  }
  logger.log(`standalone: data in ${config.DATA_DIR}`, 'Host');
  return gateway;
}
