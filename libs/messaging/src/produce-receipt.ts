import type { Producer } from 'kafkajs';

/**
 * Whether a request was handed to the broker. A caller that must not acknowledge work the broker
 * never got (the gateway's 202 to TradingView) passes one to `MessageBus.request`; the transport
 * marks it when the produce is acknowledged (Kafka: the producer's `send` resolved, i.e. acks) or
 * failed.
 *
 * The receipt rides with the request itself, as a symbol-keyed property of the packet the bus hands
 * the Nest client (`attachReceipt`). Nest's Kafka request serializer makes the message out of that
 * very object (it encodes `key` and `value` in place), so the producer's `send` finds the receipt on
 * it (`reportProducesOf`; the Kafka client's integration spec fails should that change). JSON and
 * kafkajs ignore symbol keys, so it never reaches the wire. It used to travel in an
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

/** Makes a kafkajs producer mark the receipts its messages carry by the outcome of each `send`. */
export function reportProducesOf(producer: Pick<Producer, 'send'>): void {
  const send = producer.send.bind(producer);
  producer.send = (record) => {
    const receipts = record.messages.map(receiptOf).filter((r): r is ProduceReceipt => r !== undefined);
    const produce = send(record);
    if (receipts.length > 0) {
      produce.then(
        () => receipts.forEach((r) => (r.state = 'produced')),
        () => receipts.forEach((r) => (r.state = 'failed')),
      );
    }
    return produce;
  };
}
