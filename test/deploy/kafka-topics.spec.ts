import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MAX_REPLICAS, Topic, kafkaTopicPlan, replyTopicOf } from '@app/contracts';
import type { TopicSpec } from '@app/contracts';
import { ROOT } from './compose-file';
import { readYamlDocuments } from './yaml-files';

const REGENERATE = 'out of date: run `node scripts/gen-kafka-topics.mjs` and commit the result';

interface KafkaTopic {
  kind: string;
  metadata: { name: string; labels: Record<string, string> };
  spec: { topicName: string; partitions: number; replicas: number; config: Record<string, string> };
}

/** The topics of k8s/base/kafka/topics.yaml, as the plan describes them. */
function manifestTopics(): TopicSpec[] {
  return (readYamlDocuments(path.join(ROOT, 'k8s/base/kafka/topics.yaml')) as KafkaTopic[]).map((t) => ({
    name: t.spec.topicName,
    partitions: t.spec.partitions,
    compacted: t.spec.config['cleanup.policy'] === 'compact',
  }));
}

/** The topics of deploy/kafka/topics.txt (what the compose topic-init creates). */
function composeTopics(): TopicSpec[] {
  return readFileSync(path.join(ROOT, 'deploy/kafka/topics.txt'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [name, partitions, policy] = line.split(' ');
      return { name, partitions: Number(partitions), compacted: policy === 'compact' };
    });
}

describe('Kafka topics of the deployments', () => {
  const plan = kafkaTopicPlan();

  it(`should match the contracts registry in k8s/base/kafka/topics.yaml (${REGENERATE})`, () => {
    expect(manifestTopics()).toEqual(plan);
  });

  it(`should match the contracts registry in deploy/kafka/topics.txt (${REGENERATE})`, () => {
    expect(composeTopics()).toEqual(plan);
  });

  it('should name each KafkaTopic after its topic, for the Strimzi cluster tvtrade', () => {
    for (const t of readYamlDocuments(path.join(ROOT, 'k8s/base/kafka/topics.yaml')) as KafkaTopic[]) {
      expect([t.kind, t.metadata.name, t.metadata.labels['strimzi.io/cluster']]).toEqual([
        'KafkaTopic',
        t.spec.topicName,
        'tvtrade',
      ]);
    }
  });

  it('should give every reply topic room for every gateway and execution replica', () => {
    const replies = plan.filter((t) => t.name.endsWith('.reply'));

    expect(replies.length).toBeGreaterThan(0);
    expect(replies.filter((t) => t.partitions < MAX_REPLICAS)).toEqual([]);
  });

  it('should give a reply topic to every request topic', () => {
    const names = plan.map((t) => t.name);

    expect(names).toContain(replyTopicOf(Topic.AuthHealth));
    expect(
      plan.filter(
        (t) => !t.name.endsWith('.reply') && !t.name.startsWith('events.') && !names.includes(replyTopicOf(t.name)),
      ),
    ).toEqual([]);
  });
});
