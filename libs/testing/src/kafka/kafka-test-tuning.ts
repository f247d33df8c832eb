import { Partitioners, logLevel } from 'kafkajs';
import type { ConsumerConfig, KafkaConfig, ProducerConfig } from 'kafkajs';

/**
 * Client settings that make kafkajs fast against the test broker (see /work/shared/TOOLCHAIN.md).
 * - `maxWaitTimeInMs: 10`: the mock does not wake a fetch long-poll when data arrives, so an idle
 *   consumer waits the full maxWait per round trip (the default 5000 gives 5 s request-reply).
 * - `sessionTimeout` 6000 / `heartbeatInterval` 500: a leave or late join waits about
 *   sessionTimeout − 1 s; kafkajs defaults made a rejoin take 34 s.
 * - The FIRST join of a group always takes about 3 s (fixed in the mock): start consumers once per
 *   test file (beforeAll), not per test, and wait for the GROUP_JOIN event before producing.
 * - Two members of one group: the mock ends a sync as soon as the leader's assignment arrives, so a follower
 *   whose SyncGroup comes later (a busy machine) is refused with INVALID_REQUEST; kafkajs crashes that consumer
 *   for good (CRASH with `restart: false`). Supervise such members: replace a crashed one with a fresh consumer.
 */
export const kafkaTestTuning = {
  client: {
    connectionTimeout: 3000,
    requestTimeout: 10_000,
    retry: { initialRetryTime: 100, retries: 8 },
    logLevel: logLevel.NOTHING,
  } satisfies Omit<KafkaConfig, 'brokers'>,
  consumer: {
    maxWaitTimeInMs: 10,
    sessionTimeout: 6000,
    heartbeatInterval: 500,
    rebalanceTimeout: 10_000,
  } satisfies Omit<ConsumerConfig, 'groupId'>,
  producer: {
    createPartitioner: Partitioners.DefaultPartitioner,
    allowAutoTopicCreation: true,
  } satisfies ProducerConfig,
  /** How long the mock holds a group's first join; budget it in test timeouts. */
  firstJoinMs: 3000,
} as const;

/**
 * The services' Kafka settings (`KafkaSettings` of @app/messaging) with the same consumer tuning, for a service's
 * client (`createKafkaClient`) built inside a test.
 */
export const kafkaTestSettings = (brokers: string[]) => ({
  KAFKA_BROKERS: brokers,
  KAFKA_MAX_WAIT_MS: kafkaTestTuning.consumer.maxWaitTimeInMs,
  KAFKA_SESSION_TIMEOUT_MS: kafkaTestTuning.consumer.sessionTimeout,
  KAFKA_HEARTBEAT_MS: kafkaTestTuning.consumer.heartbeatInterval,
});
