import { DomainError } from '@app/contracts';

export type InProcessHandler = (data: unknown) => Promise<unknown>;

/**
 * The message broker of standalone mode: the same semantics as the Kafka setup, in memory.
 * A request topic has one answering group; an event reaches each consumer group once. Messages
 * cross as JSON, as they would on the wire, so nothing depends on shared object identity.
 */
export class InProcessBroker {
  private readonly requestHandlers = new Map<string, InProcessHandler>();
  private readonly eventHandlers = new Map<string, Map<string, InProcessHandler>>();

  register(group: string, topic: string, handler: InProcessHandler, isEvent: boolean): void {
    if (isEvent) {
      const groups = this.eventHandlers.get(topic) ?? new Map<string, InProcessHandler>();
      groups.set(group, handler);
      this.eventHandlers.set(topic, groups);
    } else {
      this.requestHandlers.set(topic, handler);
    }
  }

  unregisterGroup(group: string, topics: Iterable<string>): void {
    for (const topic of topics) {
      this.eventHandlers.get(topic)?.delete(group);
      if (this.requestHandlers.has(topic)) {
        this.requestHandlers.delete(topic);
      }
    }
  }

  async request(topic: string, data: unknown): Promise<unknown> {
    const handler = this.requestHandlers.get(topic);
    if (!handler) {
      throw new DomainError('SERVICE_UNAVAILABLE', `No service answers ${topic}`);
    }
    const wire = wireCopy(data);
    await Promise.resolve(); // never answer synchronously: a bus is asynchronous
    return wireCopy(await handler(wire));
  }

  async publish(topic: string, data: unknown): Promise<void> {
    const groups = this.eventHandlers.get(topic);
    if (!groups) {
      return;
    }
    const wire = wireCopy(data);
    await Promise.resolve();
    await Promise.all([...groups.values()].map((h) => h(wireCopy(wire))));
  }

  hasRequestHandler(topic: string): boolean {
    return this.requestHandlers.has(topic);
  }
}

const wireCopy = (data: unknown): unknown => (data === undefined ? undefined : JSON.parse(JSON.stringify(data)));

/** Kafka sends carry `{ key, value }`; in memory only the value travels. */
export const unwrapKafkaShape = (data: unknown): unknown =>
  typeof data === 'object' && data !== null && 'value' in data ? data.value : data;
