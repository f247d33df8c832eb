// What the local broker itself costs: a bare kafkajs request → reply over two topics (one responder
// group, one requester group), with the services' consumer settings. Gateway → execution → gateway is
// the same shape, so the product's distributed latency minus this is what the product adds.
import { Kafka, logLevel } from 'kafkajs';
import type { KafkaRoundTrip } from './report/result';
import { summarize } from './stats';

export const RTT_TOPICS = ['bench.rtt.request', 'bench.rtt.reply'] as const;

export async function measureKafkaRoundTrip(
  brokers: string[],
  broker: 'mock' | 'container',
  maxWaitMs: number,
  count = 300,
): Promise<KafkaRoundTrip> {
  const kafka = new Kafka({ clientId: 'bench-rtt', brokers, logLevel: logLevel.NOTHING });
  const consumer = (groupId: string) =>
    kafka.consumer({
      groupId,
      maxWaitTimeInMs: maxWaitMs,
      sessionTimeout: 6000,
      heartbeatInterval: 500,
      rebalanceTimeout: 10_000,
    });
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  const responder = consumer(`bench-rtt-responder-${Date.now()}`);
  const requester = consumer(`bench-rtt-requester-${Date.now()}`);
  const waiting = new Map<string, (at: number) => void>();
  const joined = (c: ReturnType<typeof consumer>): Promise<void> =>
    new Promise((r) => c.on(c.events.GROUP_JOIN, () => r()));
  try {
    await producer.connect();
    await Promise.all([responder.connect(), requester.connect()]);
    await responder.subscribe({ topic: RTT_TOPICS[0], fromBeginning: false });
    await requester.subscribe({ topic: RTT_TOPICS[1], fromBeginning: false });
    const ready = Promise.all([joined(responder), joined(requester)]);
    await responder.run({
      eachMessage: async ({ message }) =>
        void (await producer.send({ topic: RTT_TOPICS[1], messages: [{ key: message.key, value: message.value }] })),
    });
    await requester.run({
      eachMessage: ({ message }) => Promise.resolve(waiting.get(String(message.value))?.(performance.now())),
    });
    await ready;
    const rtts: number[] = [];
    for (let i = 0; i < count + 20; i += 1) {
      const id = `${i}`;
      const t0 = performance.now();
      const replied = new Promise<number>((r) => waiting.set(id, r));
      await producer.send({ topic: RTT_TOPICS[0], messages: [{ key: id, value: id }] });
      const t1 = await Promise.race([replied, new Promise<number>((r) => setTimeout(() => r(Number.NaN), 5000))]);
      waiting.delete(id);
      if (i >= 20 && Number.isFinite(t1)) {
        rtts.push(t1 - t0); // the first 20 warm the connections up
      }
      await new Promise((r) => setTimeout(r, 5 + (i % 7))); // not phase-locked to the fetch loop
    }
    return { broker, maxWaitMs, roundTrip: summarize(rtts) };
  } finally {
    await Promise.allSettled([responder.disconnect(), requester.disconnect(), producer.disconnect()]);
  }
}
