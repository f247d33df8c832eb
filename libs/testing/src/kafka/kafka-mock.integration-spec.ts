import * as path from 'node:path';
import { Kafka } from 'kafkajs';
import type { Consumer, EachMessagePayload, Producer } from 'kafkajs';
import { freePort } from '../process/free-port';
import { isProcessAlive, waitForProcessExit } from '../process/process-alive';
import { waitUntil } from '../process/wait-until';
import { spawnNode } from '../process/spawn-node';
import { testInfraEnv } from '../testing-config';
import { startKafkaMock, type KafkaMock } from './kafka-mock';
import { kafkaTestTuning } from './kafka-test-tuning';
import { systemTopics } from './system-topics';

const TOPIC = 'mock.four';
const REQUESTS = 'mock.rr';
const REPLIES = 'mock.rr.reply';
const SHARED = 'mock.shared';

const clientFor = (brokers: string[]): Kafka =>
  new Kafka({ ...kafkaTestTuning.client, clientId: 'mock-spec', brokers });

describe(startKafkaMock.name, () => {
  let sut: KafkaMock;
  let kafka: Kafka;
  let producer: Producer;
  const consumers: Consumer[] = [];
  const consumer = (groupId: string): Consumer => {
    const c = kafka.consumer({ ...kafkaTestTuning.consumer, groupId });
    consumers.push(c);
    return c;
  };

  beforeAll(async () => {
    sut = await startKafkaMock({
      topics: [
        { name: TOPIC, partitions: 4 },
        { name: REQUESTS, partitions: 4 },
        { name: REPLIES, partitions: 4 },
        { name: SHARED, partitions: 4 },
      ],
    });
    kafka = clientFor(sut.brokers);
    producer = kafka.producer(kafkaTestTuning.producer);
    await producer.connect();
  });

  afterAll(async () => {
    await Promise.all(consumers.map((c) => c.disconnect()));
    await producer?.disconnect();
    await sut?.stop();
  });

  it('should create the requested topics with their partition counts', async () => {
    const admin = kafka.admin();
    await admin.connect();
    const { topics } = await admin.fetchTopicMetadata({ topics: [TOPIC] });
    await admin.disconnect();

    expect(topics[0].partitions).toHaveLength(4);
  });

  it('should deliver produced messages from every partition to a consumer', async () => {
    const c = consumer('spec-single');
    const seen: EachMessagePayload[] = [];
    await c.subscribe({ topic: TOPIC, fromBeginning: true });
    // run() resolves once the consumer has joined its group (about 3 s for a new group).
    await c.run({ eachMessage: (m) => Promise.resolve(void seen.push(m)) });

    await producer.send({
      topic: TOPIC,
      messages: Array.from({ length: 40 }, (_, i) => ({ key: `k${i}`, value: `v${i}` })),
    });

    await waitUntil(() => seen.length >= 40, 5000, '40 messages seen');
    expect(new Set(seen.map((m) => m.partition))).toEqual(new Set([0, 1, 2, 3]));
  });

  it('should share the partitions between two consumers of one group', async () => {
    const received = { a: 0, b: 0 };
    const assignments: Record<string, number[]> = { a: [], b: [] };
    // Supervised like the services' replicas: a member the mock refuses at sync stops for good, so a fresh one
    // takes its place (libs/testing/README.md, "Limits of the mock").
    const member = async (name: 'a' | 'b'): Promise<void> => {
      const c = consumer('spec-shared');
      c.on(c.events.GROUP_JOIN, (e) => (assignments[name] = e.payload.memberAssignment[SHARED] ?? []));
      c.on(c.events.CRASH, (e) => {
        if (!e.payload.restart) {
          assignments[name] = [];
          void c.disconnect().then(() => member(name));
        }
      });
      await c.subscribe({ topic: SHARED, fromBeginning: true });
      await c.run({ eachMessage: () => Promise.resolve(void received[name]++) });
    };
    // Joined inside the mock's 3 s first-join window, one generation takes them both; on a busy machine one may
    // join late, and the rebalance that follows takes up to the session timeout plus the rebalance timeout (16 s)
    // more, so the wait allows for it.
    await Promise.all([member('a'), member('b')]);
    await waitUntil(() => assignments.a.length > 0 && assignments.b.length > 0, 45_000, 'both members assigned');

    await producer.send({
      topic: SHARED,
      messages: Array.from({ length: 40 }, (_, i) => ({ key: `s${i}`, value: 'x' })),
    });

    await waitUntil(() => received.a + received.b >= 40, 10_000, '40 messages received');
    expect([...assignments.a, ...assignments.b].sort()).toEqual([0, 1, 2, 3]);
    expect(received.a).toBeGreaterThan(0);
    expect(received.b).toBeGreaterThan(0);
  }, 90_000);

  it('should answer sequential request-reply round trips in milliseconds with maxWait 10', async () => {
    const server = consumer('spec-server');
    const client = consumer('spec-client');
    const pending = new Map<string, () => void>();
    await server.subscribe({ topic: REQUESTS, fromBeginning: true });
    await client.subscribe({ topic: REPLIES, fromBeginning: true });
    // run() resolves after the group join: start both together so the two 3 s first joins overlap.
    await Promise.all([
      server.run({
        eachMessage: async ({ message }) =>
          void (await producer.send({
            topic: REPLIES,
            messages: [{ value: message.value, headers: message.headers }],
          })),
      }),
      client.run({ eachMessage: ({ message }) => Promise.resolve(pending.get(String(message.value))?.()) }),
    ]);

    const latencies: number[] = [];
    for (let i = 0; i < 30; i++) {
      const started = performance.now();
      const answered = new Promise<void>((resolve) => pending.set(`req-${i}`, resolve));
      await producer.send({ topic: REQUESTS, messages: [{ key: `${i}`, value: `req-${i}` }] });
      await answered;
      latencies.push(performance.now() - started);
    }

    const p50 = latencies.sort((x, y) => x - y)[15];
    expect(p50).toBeLessThan(100);
  });
});

describe('kafka mock lifetime', () => {
  it('should be gone after stop()', async () => {
    const mock = await startKafkaMock({ topics: [{ name: 'short-lived', partitions: 1 }] });

    await mock.stop();

    expect(isProcessAlive(mock.pid)).toBe(false);
  });

  it('should exit when the process that started it is killed with SIGKILL', async () => {
    const parent = spawnNode(path.join(__dirname, '__fixtures__', 'mock-parent.fixture.ts'), { name: 'mock-parent' });
    const [, pid] = await parent.waitForLine(/^MOCK_PID (\d+)/, 15_000);
    expect(isProcessAlive(Number(pid))).toBe(true);

    await parent.kill('SIGKILL');

    expect(await waitForProcessExit(Number(pid), 3000)).toBe(true);
  });

  it('should bind the broker to the requested fixed port', async () => {
    const port = await freePort();
    const mock = await startKafkaMock({ topics: [], port });
    try {
      expect(mock.brokers).toEqual([`127.0.0.1:${port}`]);
    } finally {
      await mock.stop();
    }
  });

  it('should create topics on a running broker', async () => {
    const mock = await startKafkaMock({ topics: [] });
    try {
      await mock.createTopics([{ name: 'late.topic', partitions: 6 }]);
      const admin = clientFor(mock.brokers).admin();
      await admin.connect();
      const { topics } = await admin.fetchTopicMetadata({ topics: ['late.topic'] });
      await admin.disconnect();
      expect(topics[0].partitions).toHaveLength(6);
    } finally {
      await mock.stop();
    }
  });
});

describe('integration global setup', () => {
  it('should publish a broker that already has every system topic', async () => {
    const { kafkaBrokers } = testInfraEnv();
    const admin = clientFor(kafkaBrokers).admin();
    await admin.connect();
    const names = await admin.listTopics();
    await admin.disconnect();

    expect(names).toEqual(expect.arrayContaining(systemTopics().map((t) => t.name)));
  });
});
