/** The processing hooks of a Nest transport server (ServerKafka and the others). */
interface HookedServer {
  setOnProcessingStartHook(hook: (transport: unknown, context: unknown, done: () => Promise<unknown>) => unknown): void;
  setOnProcessingEndHook(hook: (transport: unknown, context: unknown) => void): void;
}

interface KafkaLikeContext {
  getMessage?: () => { headers?: Record<string, unknown> };
}

/** A request (vs an event) carries a reply topic; its work ends when the reply has been produced. */
const isRequest = (context: unknown): boolean => {
  const headers = (context as KafkaLikeContext).getMessage?.().headers ?? {};
  return headers.kafka_replyTopic !== undefined && headers.kafka_correlationId !== undefined;
};

/**
 * Counts the messages a transport server is handling, from the handler's start until the reply is
 * produced (requests) or the handler settled (events), so a shutdown can wait for them: Nest's
 * close() runs the modules' destroy hooks and stops the producer without waiting for replies it
 * has not sent yet.
 */
export class InFlight {
  private count = 0;
  private waiters: Array<() => void> = [];

  track(server: HookedServer): void {
    server.setOnProcessingStartHook((_transport, context, done) => {
      this.count += 1;
      const request = isRequest(context);
      return done().then(
        (value: unknown) => {
          if (!request) {
            this.end();
          }
          return value;
        },
        (err: unknown) => {
          this.end();
          throw err;
        },
      );
    });
    server.setOnProcessingEndHook((_transport, context) => {
      if (isRequest(context)) {
        this.end();
      }
    });
  }

  get size(): number {
    return this.count;
  }

  /** Resolves once nothing is in flight. */
  drained(): Promise<void> {
    return this.count === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }

  private end(): void {
    this.count = Math.max(0, this.count - 1);
    if (this.count === 0) {
      this.waiters.splice(0).forEach((resolve) => resolve());
    }
  }
}
