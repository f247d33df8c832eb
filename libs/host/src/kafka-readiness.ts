import type { AppLogger } from '@app/common';
import type { Admin, Consumer, Kafka } from 'kafkajs';
import { readiness } from './readiness';

/** How long /readyz waits for the broker before calling the transport down. */
const BROKER_CHECK_MS = 1500;

/**
 * Keeps readiness in line with the Kafka consumer: down while the group is lost or the consumer
 * crashed, up again once it re-joined. kafkajs restarts a consumer after a retriable crash (the
 * broker went away) by itself; after a non-retriable one it stays stopped for good, so the process
 * exits and the orchestrator starts a fresh one instead of leaving a live process that consumes nothing.
 */
export function watchKafkaConsumer(
  consumer: Consumer,
  logger: AppLogger,
  exit: (code: number) => void = (c) => process.exit(c),
): void {
  const { GROUP_JOIN, DISCONNECT } = consumer.events;
  consumer.on(GROUP_JOIN, (e) => {
    readiness.transportUp = true;
    // Which partitions this replica owns after each rebalance: what an operator scaling it out looks for.
    const owned = Object.entries(e.payload.memberAssignment).map(
      ([topic, partitions]) => `${topic}[${partitions.join(',')}]`,
    );
    logger.log(
      `joined consumer group ${e.payload.groupId} as ${e.payload.memberId}${e.payload.isLeader ? ' (leader)' : ''}: ${owned.join(' ') || 'no partitions'}`,
      'Host',
    );
  });
  exitWhenConsumerDies(consumer, logger, exit);
  consumer.on(DISCONNECT, () => {
    readiness.transportUp = false;
  });
}

/**
 * A client's reply consumer (ClientKafka) dies the same way: an empty broker answers its heartbeat
 * with GROUP_ID_NOT_FOUND, which kafkajs treats as fatal. Without replies every request would time
 * out forever, so the process exits and is restarted.
 */
export function exitWhenConsumerDies(
  consumer: Consumer,
  logger: AppLogger,
  exit: (code: number) => void = (c) => process.exit(c),
): void {
  consumer.on(consumer.events.CRASH, (e) => {
    readiness.transportUp = false;
    if (!e.payload.restart && !readiness.shuttingDown) {
      logger.error(
        `Kafka consumer crashed and will not restart (${e.payload.error.message}); exiting`,
        undefined,
        'Host',
      );
      exit(1);
    }
  });
}

/**
 * A readiness check that asks the broker itself (cluster metadata, at most 1.5 s): the consumer's
 * events come late when the broker disappears while it idles between fetches.
 */
export function brokerCheck(kafka: Kafka): () => Promise<boolean> {
  let admin: Admin | undefined;
  return async () => {
    admin ??= kafka.admin({ retry: { retries: 0 } });
    const probe = admin
      .connect()
      .then(() => admin!.describeCluster())
      .then(
        () => true,
        () => false,
      );
    const timer = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), BROKER_CHECK_MS).unref());
    return Promise.race([probe, timer]);
  };
}
