import { AsyncLocalStorage } from 'node:async_hooks';
import type { Producer } from 'kafkajs';

/**
 * Whether a request was handed to the broker. A caller that must not acknowledge work the broker
 * never got (the gateway's 202 to TradingView) passes one to `MessageBus.request`; the transport
 * marks it when the produce is acknowledged (Kafka: the producer's `send` resolved, i.e. acks) or
 * failed. It travels with the async context of the send, so no transport API has to carry it.
 */
export class ProduceReceipt {
  state: 'pending' | 'produced' | 'failed' = 'pending';

  get produced(): boolean {
    return this.state === 'produced';
  }
}

const current = new AsyncLocalStorage<ProduceReceipt>();

/** Runs `send` so that a produce it starts reports to `receipt`. */
export function withProduceReceipt<T>(receipt: ProduceReceipt | undefined, send: () => T): T {
  return receipt ? current.run(receipt, send) : send();
}

/** Marks the receipt of the current send (if any) by the outcome of a produce; returns the produce unchanged. */
export function reportProduce<T>(produce: Promise<T>): Promise<T> {
  const receipt = current.getStore();
  if (receipt) {
    produce.then(
      () => (receipt.state = 'produced'),
      () => (receipt.state = 'failed'),
    );
  }
  return produce;
}

/** Makes a kafkajs producer report each `send` to the receipt of the send that started it. */
export function reportProducesOf(producer: Pick<Producer, 'send'>): void {
  const send = producer.send.bind(producer);
  producer.send = (record) => reportProduce(send(record));
}
