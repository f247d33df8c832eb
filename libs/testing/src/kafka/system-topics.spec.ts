import { Topic, allEventTopics, allRequestTopics, replyTopicOf } from '@app/contracts';
import { DEFAULT_TOPIC_PARTITIONS, systemTopics } from './system-topics';

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

  it('should give the health topics the default partition count', () => {
    const health = systemTopics().find((t) => t.name === String(Topic.AuthHealth));

    expect(health?.partitions).toBe(DEFAULT_TOPIC_PARTITIONS);
  });
});
