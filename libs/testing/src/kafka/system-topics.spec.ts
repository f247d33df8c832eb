import { MAX_REPLICAS, Topic, allEventTopics, allRequestTopics, kafkaTopicPlan, replyTopicOf } from '@app/contracts';
import { systemTopics } from './system-topics';

describe(systemTopics.name, () => {
  it('should include every request topic with its reply topic, and every event topic', () => {
    const names = systemTopics().map((t) => t.name);

    const expected = [...allRequestTopics().flatMap((t) => [t, replyTopicOf(t)]), ...allEventTopics()];
    expect(names).toEqual(expect.arrayContaining(expected));
  });

  it('should include every declared topic exactly once', () => {
    const names = systemTopics().map((t) => t.name);

    expect(names).toEqual(expect.arrayContaining(Object.values(Topic)));
    expect(new Set(names).size).toBe(names.length);
  });

  it('should give every topic the partitions of the production topic plan', () => {
    const planned = new Map(kafkaTopicPlan().map((t) => [t.name, t.partitions]));

    for (const t of systemTopics().filter((x) => planned.has(x.name))) {
      expect([t.name, t.partitions]).toEqual([t.name, planned.get(t.name)]);
    }
  });

  it('should let the webhook topic and every reply topic serve as many replicas as may scale', () => {
    const topics = systemTopics();

    expect(topics.find((t) => t.name === String(Topic.WebhookReceived))?.partitions).toBeGreaterThanOrEqual(
      MAX_REPLICAS,
    );
    expect(topics.find((t) => t.name === replyTopicOf(Topic.AuthHealth))?.partitions).toBeGreaterThanOrEqual(
      MAX_REPLICAS,
    );
  });
});
