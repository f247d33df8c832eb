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
  private opened: Promise<void> = Promise.resolve();
  private openNow: (() => void) | null = null;
  /** Deliveries of the messages sent while held (null when open). */
  private held: Promise<unknown>[] | null = null;

  /**
   * Messages sent from now on wait for `open()`. Standalone mode starts its services one after another, and what
   * one sends while starting must reach the services started after it, as Kafka keeps events for consumer groups
   * that join later: trading publishes its outbox of alert routes at start, before execution has registered
   * (published then, they reached nobody and left the outbox, and execution traded on the routes it had).
   * A service must not wait, while it starts, for a message it sends: nothing is delivered until every one has.
   */
  holdUntilOpen(): void {
    if (!this.openNow) {
      this.held = [];
      this.opened = new Promise((resolve) => (this.openNow = resolve));
    }
  }

  /** Delivers what was held, in the order it was sent, and everything after it at once; resolves once what was held was handled. */
  async open(): Promise<void> {
    const held = this.held ?? [];
    this.held = null;
    this.openNow?.();
    this.openNow = null;
    await Promise.allSettled(held);
  }

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

  request(topic: string, data: unknown): Promise<unknown> {
    return this.whenOpen(() => this.deliverRequest(topic, data));
  }

  publish(topic: string, data: unknown): Promise<void> {
    return this.whenOpen(() => this.deliverEvent(topic, data));
  }

  hasRequestHandler(topic: string): boolean {
    return this.requestHandlers.has(topic);
  }

  private whenOpen<T>(deliver: () => Promise<T>): Promise<T> {
    const delivery = this.opened.then(deliver);
    this.held?.push(delivery);
    return delivery;
  }

  private async deliverRequest(topic: string, data: unknown): Promise<unknown> {
    const handler = this.requestHandlers.get(topic);
    if (!handler) {
      throw new DomainError('SERVICE_UNAVAILABLE', `No service answers ${topic}`);
    }
    const wire = wireCopy(data);
    await Promise.resolve(); // never answer synchronously: a bus is asynchronous
    return wireCopy(await handler(wire));
  }

  private async deliverEvent(topic: string, data: unknown): Promise<void> {
    const groups = this.eventHandlers.get(topic);
    if (!groups) {
      return;
    }
    const wire = wireCopy(data);
    await Promise.resolve();
    await Promise.all([...groups.values()].map((h) => h(wireCopy(wire))));
  }
}

const wireCopy = (data: unknown): unknown => (data === undefined ? undefined : JSON.parse(JSON.stringify(data)));

/** Kafka sends carry `{ key, value }`; in memory only the value travels. */
export const unwrapKafkaShape = (data: unknown): unknown =>
  typeof data === 'object' && data !== null && 'value' in data ? data.value : data;
