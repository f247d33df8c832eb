import { KafkaRequestSerializer } from '@nestjs/microservices/serializers';
import type { Producer, ProducerRecord, RecordMetadata } from 'kafkajs';
import { ProduceReceipt, attachReceipt, reportProducesOf } from './produce-receipt';

/** A kafkajs producer whose every send is settled by the test. */
function fakeProducer(): {
  producer: Pick<Producer, 'send'>;
  settle: (outcome: 'ack' | 'fail') => void;
  sent: ProducerRecord[];
} {
  const sent: ProducerRecord[] = [];
  const settles: Array<(outcome: 'ack' | 'fail') => void> = [];
  const producer = {
    send: (record: ProducerRecord) => {
      sent.push(record);
      return new Promise<RecordMetadata[]>((resolve, reject) =>
        settles.push((outcome) => (outcome === 'ack' ? resolve([]) : reject(new Error('broker down')))),
      );
    },
  };
  return { producer, sent, settle: (outcome) => settles.shift()?.(outcome) };
}

/** What Nest's ClientKafka makes of a packet the bus sends (the serializer's message), produced by `producer`. */
const produceRequest = (producer: Pick<Producer, 'send'>, receipt?: ProduceReceipt): Promise<RecordMetadata[]> => {
  const packet = attachReceipt({ key: 'user-1', value: { messageId: 'm-1', payload: { n: 1 } } }, receipt);
  const message = new KafkaRequestSerializer().serialize(packet) as ProducerRecord['messages'][number];
  return producer.send({ topic: 'webhook.received', messages: [message] });
};

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe(ProduceReceipt.name, () => {
  it('should be marked produced once the broker acknowledges the message made from its request', async () => {
    const { producer, settle, sent } = fakeProducer();
    reportProducesOf(producer);
    const sut = new ProduceReceipt();

    const produce = produceRequest(producer, sut);
    await flush();
    const before = sut.state;
    settle('ack');
    await produce;

    expect([before, sut.state, sut.produced]).toEqual(['pending', 'produced', true]);
    expect(sent[0].messages[0]).toEqual({
      key: 'user-1',
      value: JSON.stringify({ messageId: 'm-1', payload: { n: 1 } }),
      headers: {},
    });
  });

  it('should be marked failed when the produce fails, leaving the receipts of other requests pending', async () => {
    const { producer, settle } = fakeProducer();
    reportProducesOf(producer);
    const sut = new ProduceReceipt();
    const other = new ProduceReceipt();

    const failed = produceRequest(producer, sut).catch(() => 'rejected');
    void produceRequest(producer, other);
    settle('fail');

    expect(await failed).toBe('rejected');
    expect([sut.state, sut.produced, other.state]).toEqual(['failed', false, 'pending']);
  });

  it('should never reach the wire: a symbol key, which JSON leaves out', () => {
    const packet = attachReceipt({ key: 'k', value: { a: 1 } }, new ProduceReceipt());

    expect(JSON.stringify(packet)).toBe('{"key":"k","value":{"a":1}}');
  });
});
