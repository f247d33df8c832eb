import { Topic, kafkaTopicPlan } from '@app/contracts';
import type { TopicSpec } from './topic-spec';

/** Partitions of a declared topic that has no contract yet (the mock auto-creates unknown topics with 4). */
export const DEFAULT_TOPIC_PARTITIONS = 4;

/**
 * Every topic the product uses, with the partitions production gets: the same plan that generates
 * the Kubernetes KafkaTopic manifests and the compose topic-init (`kafkaTopicPlan`), read each time
 * so a topic added to `@app/contracts` exists in tests without touching this list. A `Topic` value
 * with no contract yet is still declared, so nothing depends on auto-creation.
 */
export const systemTopics = (): TopicSpec[] => {
  const byName = new Map(kafkaTopicPlan().map((t) => [t.name, t.partitions]));
  for (const topic of Object.values(Topic)) {
    if (!byName.has(topic)) {
      byName.set(topic, DEFAULT_TOPIC_PARTITIONS);
    }
  }
  return [...byName].map(([name, partitions]) => ({ name, partitions }));
};
