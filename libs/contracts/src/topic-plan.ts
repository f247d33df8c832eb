import type { Contract } from './contract';
import { contracts } from './registry';
import { Topic, replyTopicOf } from './topics';

/** One Kafka topic as a broker must hold it. */
export interface TopicSpec {
  name: string;
  partitions: number;
  compacted: boolean;
}

/** Partitions of a topic whose contract names none. */
export const DEFAULT_PARTITIONS = 6;

/**
 * The most replicas a consumer group of one service may run with all of them busy. Kafka gives a
 * partition to one member of a group only, so a topic that a scaled-out group reads needs at least
 * this many: the webhook topic (execution scales on it). Reply topics are planned as wide, though each
 * replica reads its replies in a group of its own and consumes only partition 0 of each
 * (`replyPartitionAssigner` in @app/messaging).
 */
export const MAX_REPLICAS = 12;

const SCALED_TOPICS: readonly string[] = [Topic.WebhookReceived];

/**
 * Every topic the system needs, derived from the contracts registry: the single source of the
 * Kubernetes KafkaTopic manifests and of the compose topic-init (scripts/gen-kafka-topics.mjs).
 */
export function kafkaTopicPlan(registry: Readonly<Record<string, Contract>> = contracts): TopicSpec[] {
  const specs: TopicSpec[] = [];
  for (const [topic, contract] of Object.entries(registry)) {
    const partitions = Math.max(
      contract.partitions ?? DEFAULT_PARTITIONS,
      SCALED_TOPICS.includes(topic) ? MAX_REPLICAS : 1,
    );
    if (contract.kind === 'request') {
      specs.push({ name: topic, partitions, compacted: false });
      specs.push({ name: replyTopicOf(topic), partitions: Math.max(partitions, MAX_REPLICAS), compacted: false });
    } else {
      specs.push({ name: topic, partitions, compacted: contract.compacted === true });
    }
  }
  return specs.sort((a, b) => a.name.localeCompare(b.name));
}
