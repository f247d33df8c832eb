import { firstValueFrom } from 'rxjs';
import { Kafka } from 'kafkajs';
import type { Consumer, Producer } from 'kafkajs';
import { KafkaHeaders } from '@nestjs/microservices';
import type { ClientKafka } from '@nestjs/microservices';
import { kafkaTestSettings, kafkaTestTuning, startKafka, waitUntil } from '@app/testing';
import type { TestKafka } from '@app/testing';
import { connectKafkaClient, createKafkaClient } from './kafka';
import { ProduceReceipt, attachReceipt } from './produce-receipt';

const REQUESTS = 'spec.echo';
const REPLIES = `${REQUESTS}.reply`;

/**
 * A service's request client over a real Kafka protocol (the mock broker, or a container when Docker answers): it
 * consumes only the reply partition its requests name, and the replies still reach it.
 */
describe('createKafkaClient', () => {
  let kafka: TestKafka;
  let sut: ClientKafka;
  let responder: Consumer;
  let producer: Producer;
  const joined: Array<Record<string, number[]>> = [];

  beforeAll(async () => {
    kafka = await startKafka([
      { name: REQUESTS, partitions: 6 },
      { name: REPLIES, partitions: 12 },
    ]);
    // An answering service as Nest's Kafka server would: the reply goes to the topic and partition the request names.
    const raw = new Kafka({ ...kafkaTestTuning.client, clientId: 'spec-responder', brokers: kafka.brokers });
    producer = raw.producer(kafkaTestTuning.producer);
    responder = raw.consumer({ ...kafkaTestTuning.consumer, groupId: 'spec-responder' });
    await Promise.all([producer.connect(), responder.connect()]);
    await responder.subscribe({ topic: REQUESTS, fromBeginning: true });
    await responder.run({
      eachMessage: async ({ message }) => {
        const header = (name: string): string => String(message.headers?.[name] ?? '');
        await producer.send({
          topic: header(KafkaHeaders.REPLY_TOPIC),
          messages: [
            {
              partition: Number(header(KafkaHeaders.REPLY_PARTITION)),
              value: JSON.stringify({ echoed: JSON.parse(String(message.value)) as unknown }),
              headers: {
                [KafkaHeaders.CORRELATION_ID]: header(KafkaHeaders.CORRELATION_ID),
                [KafkaHeaders.NEST_IS_DISPOSED]: '1',
              },
            },
          ],
        });
      },
    });
    // What the client's reply consumer is assigned when it joins its group, as kafkajs reports it.
    const consumerOf = Kafka.prototype.consumer;
    const watch = jest.spyOn(Kafka.prototype, 'consumer').mockImplementation(function (this: Kafka, config) {
      const consumer = consumerOf.call(this, config);
      consumer.on(consumer.events.GROUP_JOIN, (e) => joined.push(e.payload.memberAssignment));
      return consumer;
    });
    try {
      sut = createKafkaClient(kafkaTestSettings(kafka.brokers), 'spec', [REQUESTS]);
      await connectKafkaClient(sut, [REQUESTS]);
    } finally {
      watch.mockRestore();
    }
  }, 120_000);

  afterAll(async () => {
    await sut?.close();
    await responder?.disconnect();
    await producer?.disconnect();
    await kafka?.stop();
  });

  it('should consume one partition of the reply topic, the one its requests name', () => {
    expect(joined).toEqual([{ [REPLIES]: [0] }]);
    expect(sut.getConsumerAssignments()).toEqual({ [REPLIES]: 0 });
  });

  it('should receive the replies to its requests', async () => {
    const replies = await Promise.all(
      [1, 2, 3].map((n) => firstValueFrom(sut.send<{ echoed: { n: number } }>(REQUESTS, { n }))),
    );

    expect(replies).toEqual([{ echoed: { n: 1 } }, { echoed: { n: 2 } }, { echoed: { n: 3 } }]);
  }, 30_000);

  it("should mark a request's receipt produced once the broker acknowledged it", async () => {
    const receipt = new ProduceReceipt();

    const reply = await firstValueFrom(
      sut.send<{ echoed: unknown }>(REQUESTS, attachReceipt({ key: 'user-1', value: { n: 4 } }, receipt)),
    );

    expect(reply).toEqual({ echoed: { n: 4 } });
    // The producer learns of its acknowledgement on its own connection, which can come in after the reply.
    await waitUntil(() => receipt.state !== 'pending', 5_000, 'the produce to settle');
    expect(receipt.state).toBe('produced');
  }, 30_000);
});
