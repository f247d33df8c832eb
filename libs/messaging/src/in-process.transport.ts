import { BaseRpcContext, ClientProxy, Server } from '@nestjs/microservices';
import type { CustomTransportStrategy, ReadPacket, WritePacket } from '@nestjs/microservices';
import { isObservable, lastValueFrom } from 'rxjs';
import type { InProcessBroker } from './in-process.broker';
import { unwrapKafkaShape } from './in-process.broker';
import type { DirectRequests } from './message-bus';
import { receiptOf } from './produce-receipt';

/** The context handlers see under the in-process transport; `getPattern()` is the topic, as with Kafka's. */
export class InProcessContext extends BaseRpcContext<[string]> {
  getPattern(): string {
    return this.args[0];
  }
}

/** Registers a service's handlers with the in-process broker under the service's consumer group. */
export class InProcessServer extends Server implements CustomTransportStrategy {
  private readonly topics = new Set<string>();

  constructor(
    private readonly broker: InProcessBroker,
    private readonly group: string,
  ) {
    super();
  }

  listen(callback: () => void): void {
    for (const [pattern, handler] of this.messageHandlers) {
      this.topics.add(pattern);
      this.broker.register(
        this.group,
        pattern,
        async (data) => {
          const result: unknown = await handler(data, new InProcessContext([pattern]));
          const value = isObservable(result) ? await lastValueFrom(result, { defaultValue: undefined }) : result;
          return value;
        },
        handler.isEventHandler === true,
      );
    }
    callback();
  }

  close(): void {
    this.broker.unregisterGroup(this.group, this.topics);
  }

  on(): void {
    // No transport-level events in memory.
  }

  unwrap<T>(): T {
    return this.broker as T;
  }
}

/**
 * A ClientProxy over the in-process broker: `send` is request-reply, `emit` an event. `requestNow` is
 * `send` as a promise, which `MessageBus` takes when it is there.
 */
export class InProcessClient extends ClientProxy implements DirectRequests {
  constructor(private readonly broker: InProcessBroker) {
    super();
  }

  connect(): Promise<void> {
    return Promise.resolve();
  }

  close(): void {
    // Nothing to release.
  }

  unwrap<T>(): T {
    return this.broker as T;
  }

  requestNow(topic: string, data: unknown): Promise<unknown> {
    // Handed to the in-memory broker at once: as good as produced.
    const receipt = receiptOf(data);
    if (receipt) {
      receipt.state = 'produced';
    }
    return this.broker.request(topic, unwrapKafkaShape(data));
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    this.requestNow(packet.pattern as string, packet.data).then(
      (response) => callback({ response, isDisposed: true }),
      (err: unknown) => callback({ err, isDisposed: true }),
    );
    return () => undefined;
  }

  protected dispatchEvent<T = unknown>(packet: ReadPacket): Promise<T> {
    return this.broker.publish(packet.pattern as string, unwrapKafkaShape(packet.data)) as Promise<T>;
  }
}
