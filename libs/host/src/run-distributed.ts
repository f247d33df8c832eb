import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ServerKafka } from '@nestjs/microservices';
import type { KafkaOptions } from '@nestjs/microservices';
import { AppLogger, ConfigError, createRootLogger } from '@app/common';
import { collectDefaultMetrics } from 'prom-client';
import { connectKafkaClient, createKafkaClient, kafkaServerOptions } from '@app/messaging';
import type { Consumer, Kafka } from 'kafkajs';
import { brokerCheck, exitWhenConsumerDies, watchKafkaConsumer } from './kafka-readiness';
import { ProbesController } from './probes.controller';
import { readiness } from './readiness';
import type { ServiceDefinition } from './service-definition';
import { loadDistributedConfig } from './service.config';
import { installShutdown } from './shutdown';
import { exitOnListenFailure } from './listen-failure';

/** Runs one service as its own process: a Kafka microservice plus an HTTP port for probes and metrics. */
export async function runDistributed(def: ServiceDefinition): Promise<void> {
  let config;
  try {
    config = loadDistributedConfig(def);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${def.name}: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const logger = new AppLogger(createRootLogger({ level: config.LOG_LEVEL, service: def.name }));
  collectDefaultMetrics({ labels: { service: def.name } });

  const bus = createKafkaClient(config, def.name, def.sendsTo);
  const serviceModule = def.module(
    { config, bus, busOptions: { requestTimeoutMs: config.REQUEST_TIMEOUT_MS } },
    { kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE },
  );

  @Module({ imports: [serviceModule], controllers: [ProbesController] })
  class HostModule {}

  const app = await NestFactory.create(HostModule, { logger });
  const server = app.connectMicroservice(
    {
      strategy: new WatchedServerKafka(kafkaServerOptions(config, def.name).options, (consumer) =>
        watchKafkaConsumer(consumer, logger),
      ),
    },
    { inheritAppConfig: true },
  );
  // Probes first: liveness answers while the consumer groups are still joining, readiness says 503 until they have.
  await exitOnListenFailure(def.name, { host: '0.0.0.0', port: config.PORT }, () => app.listen(config.PORT, '0.0.0.0'));
  logger.log(`${def.name}: probes on :${config.PORT}, joining Kafka`, 'Host');
  await connectKafkaClient(bus, def.sendsTo);
  await app.startAllMicroservices();
  const [kafka] = server.unwrap<[Kafka, Consumer]>();
  if (def.sendsTo.length > 0) {
    exitWhenConsumerDies(bus.consumer, logger);
  }
  readiness.brokerReachable = brokerCheck(kafka);
  readiness.transportUp = true;
  installShutdown(app, logger, config.SHUTDOWN_TIMEOUT_MS, { afterClose: () => bus.close() });
  logger.log(`${def.name} ready (probes on :${config.PORT})`, 'Host');
}

/**
 * Nest's Kafka server, handing its consumer to the host before the consumer's first join. Watching it
 * only after start-up missed a crash during that join (kafkajs does not restart after a non-retriable
 * one): the process then said ready while consuming nothing, a replica that never got any work.
 */
class WatchedServerKafka extends ServerKafka {
  constructor(
    options: KafkaOptions['options'],
    private readonly watch: (consumer: Consumer) => void,
  ) {
    super(options ?? {});
  }

  override async bindEvents(consumer: Consumer): Promise<void> {
    this.watch(consumer);
    await super.bindEvents(consumer);
  }
}
