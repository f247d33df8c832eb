import { useDocker } from '../docker-available';
import { startKafkaMock } from './kafka-mock';
import type { TopicSpec } from './topic-spec';
import { kafkaTestTuning } from './kafka-test-tuning';

export interface TestKafka {
  brokers: string[];
  /** `mock`: librdkafka's mock cluster; `container`: a real broker in Docker. */
  kind: 'mock' | 'container';
  stop(): Promise<void>;
}

const KAFKA_IMAGE = 'confluentinc/cp-kafka:7.5.0';

/** A Kafka with `topics` created: a real broker in a container when Docker answers, else the mock. */
export const startKafka = async (topics: TopicSpec[]): Promise<TestKafka> => {
  if (await useDocker()) {
    return startKafkaContainer(topics);
  }
  const mock = await startKafkaMock({ topics });
  return { brokers: mock.brokers, kind: 'mock', stop: () => mock.stop() };
};

const startKafkaContainer = async (topics: TopicSpec[]): Promise<TestKafka> => {
  const [{ KafkaContainer }, { Kafka }] = await Promise.all([import('@testcontainers/kafka'), import('kafkajs')]);
  const container = await new KafkaContainer(KAFKA_IMAGE).withKraft().start();
  const brokers = [`${container.getHost()}:${container.getMappedPort(9093)}`];
  const admin = new Kafka({ ...kafkaTestTuning.client, clientId: 'test-setup', brokers }).admin();
  try {
    await admin.connect();
    await admin.createTopics({
      waitForLeaders: true,
      topics: topics.map(({ name, partitions }) => ({ topic: name, numPartitions: partitions, replicationFactor: 1 })),
    });
  } catch (err) {
    await container.stop();
    throw err;
  } finally {
    await admin.disconnect();
  }
  return { brokers, kind: 'container', stop: async () => void (await container.stop()) };
};
