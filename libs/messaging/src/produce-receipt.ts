import { KafkaRequestSerializer } from '@nestjs/microservices/serializers';
import type { Producer } from 'kafkajs';

/**
 * Whether a request was handed to the broker. A caller that must not acknowledge work the broker
 * never got (the gateway's 202 to TradingView) passes one to `MessageBus.request`; the transport
 * marks it when the produce is acknowledged (Kafka: the producer's `send` resolved, i.e. acks) or
 * failed.
 *
 * The receipt rides with the request itself, as a symbol-keyed property of the packet the bus hands
 * the Nest client (`attachReceipt`), and of the Kafka message made from it (`ReceiptKeepingSerializer`):
 * JSON and kafkajs ignore symbol keys, so it never reaches the wire. It used to travel in an
 * AsyncLocalStorage, whose promise hooks cost every promise of the process (7 % of the standalone
 * main thread, docs/performance.md).
 */
export class ProduceReceipt {
  state: 'pending' | 'produced' | 'failed' = 'pending';

  get produced(): boolean {
    return this.state === 'produced';
  }
}

const RECEIPT = Symbol('ProduceReceipt');

type Carrier = { [RECEIPT]?: ProduceReceipt };

/** `data` carrying `receipt` (when there is one) to the transport; returns `data`. */
export function attachReceipt<T extends object>(data: T, receipt: ProduceReceipt | undefined): T {
  if (receipt) {
    // Not enumerable: a copy or a spread of the packet leaves it behind.
    Object.defineProperty(data, RECEIPT, { value: receipt, configurable: true });
  }
  return data;
}

/** The receipt a packet or message carries, if any. */
export function receiptOf(data: unknown): ProduceReceipt | undefined {
  return typeof data === 'object' && data !== null ? (data as Carrier)[RECEIPT] : undefined;
}

/** Marks `receipt` (if any) by the outcome of a produce; returns the produce unchanged. */
export function reportProduce<T>(receipt: ProduceReceipt | undefined, produce: Promise<T>): Promise<T> {
  if (receipt) {
    produce.then(
      () => (receipt.state = 'produced'),
      () => (receipt.state = 'failed'),
    );
  }
  return produce;
}

/** Nest's Kafka request serializer, keeping the packet's receipt on the message it makes (for `reportProducesOf`). */
export class ReceiptKeepingSerializer extends KafkaRequestSerializer {
  override serialize(value: unknown): unknown {
    const receipt = receiptOf(value);
    const message: unknown = super.serialize(value);
    return typeof message === 'object' && message !== null ? attachReceipt(message, receipt) : message;
  }
}

/** Makes a kafkajs producer report each `send` to the receipts its messages carry. */
export function reportProducesOf(producer: Pick<Producer, 'send'>): void {
  const send = producer.send.bind(producer);
  producer.send = (record) => {
    const receipts = record.messages.map(receiptOf);
    const produce = send(record);
    receipts.forEach((receipt) => void reportProduce(receipt, produce));
    return produce;
  };
}
