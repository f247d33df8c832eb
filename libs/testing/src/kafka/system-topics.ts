import { Topic, allEventTopics, allRequestTopics, contractOf, replyTopicOf } from '@app/contracts';
import type { TopicSpec } from './topic-spec';

/** Partitions of a topic whose contract does not say (requests, their replies and events alike). */
export const DEFAULT_TOPIC_PARTITIONS = 4;

/**
 * Every topic the product uses, read from the contracts each time it is called, so a topic added to
 * `@app/contracts` is created in tests without touching this list:
 * - each request topic and its `replyTopicOf` companion, with the contract's `partitions`;
 * - each event topic, with the contract's `partitions`;
 * - any `Topic` enum value that has no contract yet, with the default (the mock would auto-create it
 *   with 4 partitions anyway, but a declared topic should not depend on auto-creation).
 */
export const systemTopics = (): TopicSpec[] => {
  const byName = new Map<string, number>();
  const partitionsOf = (topic: string): number => contractOf(topic)?.partitions ?? DEFAULT_TOPIC_PARTITIONS;
  for (const topic of allRequestTopics()) {
    byName.set(topic, partitionsOf(topic));
    byName.set(replyTopicOf(topic), partitionsOf(topic));
  }
  for (const topic of allEventTopics()) {
    byName.set(topic, partitionsOf(topic));
  }
  for (const topic of Object.values(Topic)) {
    if (!byName.has(topic)) {
      byName.set(topic, DEFAULT_TOPIC_PARTITIONS);
    }
  }
  return [...byName].map(([name, partitions]) => ({ name, partitions }));
};
