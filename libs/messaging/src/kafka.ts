import { ClientKafka, Transport } from '@nestjs/microservices';
import type { KafkaOptions } from '@nestjs/microservices';
import { hostname } from 'node:os';
import { Partitioners, logLevel } from 'kafkajs';
import { replyTopicOf } from '@app/contracts';
import { reportProducesOf } from './produce-receipt';
import { replyPartitionAssigner } from './reply-partition-assigner';

export interface KafkaSettings {
  KAFKA_BROKERS: string[];
  KAFKA_MAX_WAIT_MS: number;
  KAFKA_SESSION_TIMEOUT_MS: number;
  KAFKA_HEARTBEAT_MS: number;
}

const consumerTuning = (cfg: KafkaSettings) => ({
  maxWaitTimeInMs: cfg.KAFKA_MAX_WAIT_MS,
  sessionTimeout: cfg.KAFKA_SESSION_TIMEOUT_MS,
  heartbeatInterval: cfg.KAFKA_HEARTBEAT_MS,
  rebalanceTimeout: Math.max(cfg.KAFKA_SESSION_TIMEOUT_MS, 10000),
  allowAutoTopicCreation: false,
});

/**
 * Producers of both sides. The partitioner is named, not left to kafkajs' default, which is the same (murmur2, as
 * Java clients place keys) but logs a warning about the change of default from kafkajs 1.x at every producer's start.
 */
const producerOptions = { allowAutoTopicCreation: false, createPartitioner: Partitioners.DefaultPartitioner };

/** The microservice side of a service: one consumer group per service, handlers over all partitions. */
export function kafkaServerOptions(cfg: KafkaSettings, service: string): KafkaOptions {
  return {
    transport: Transport.KAFKA,
    options: {
      client: { clientId: service, brokers: cfg.KAFKA_BROKERS, logLevel: logLevel.WARN },
      consumer: { groupId: service, ...consumerTuning(cfg) },
      // A new group reads pre-created topics from the start, so nothing sent before it joined is missed.
      subscribe: { fromBeginning: true },
      run: { partitionsConsumedConcurrently: 12 },
      producer: producerOptions,
    },
  };
}

/**
 * The client side: produces requests and events, and (unless producer-only) consumes the reply
 * topics of the requests it sends.
 */
export function createKafkaClient(cfg: KafkaSettings, service: string, sendsTo: string[]): ClientKafka {
  const client = new ClientKafka({
    client: { clientId: `${service}-client`, brokers: cfg.KAFKA_BROKERS, logLevel: logLevel.WARN },
    // Each instance reads its replies in a group of its own: scaling out or restarting one replica
    // never rebalances (and so never pauses) the others' replies. Requests carry the instance's
    // reply partition: the lowest of each reply topic, the only one it consumes (replyPartitionAssigner);
    // a reply there for another instance is ignored by correlation id.
    consumer: { groupId: replyGroupOf(service), partitionAssigners: [replyPartitionAssigner], ...consumerTuning(cfg) },
    // Replies only follow requests this instance sends after it has joined: none to replay.
    subscribe: { fromBeginning: false },
    producer: producerOptions,
    producerOnlyMode: sendsTo.length === 0,
  });
  for (const topic of sendsTo) {
    client.subscribeToResponseOf(topic);
  }
  return client;
}

/** `<service>-replies-<host>-<pid>`: stable for a pod (pid 1 in its container), unique per process on a shared host. */
export const replyGroupOf = (service: string): string => `${service}-replies-${hostname()}-${process.pid}`;

/**
 * Connects and waits until every reply topic has a partition assigned: before that, ClientKafka
 * cannot stamp a reply partition on a request and refuses to send.
 */
export async function connectKafkaClient(client: ClientKafka, sendsTo: string[], timeoutMs = 60000): Promise<void> {
  await client.connect();
  // Requests sent with a ProduceReceipt learn whether the broker acknowledged them.
  reportProducesOf(client.producer);
  const deadline = Date.now() + timeoutMs;
  const replyTopics = sendsTo.map(replyTopicOf);
  for (;;) {
    const assigned = client.getConsumerAssignments();
    // Partition 0 is a valid assignment: test for presence, not truthiness.
    if (replyTopics.every((t) => assigned[t] !== undefined)) {
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(`Kafka reply topics not assigned after ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
