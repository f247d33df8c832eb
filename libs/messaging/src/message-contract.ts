import { Logger } from '@nestjs/common';
import { DomainError, contractOf, envelopeSchema } from '@app/contracts';
import type { Contract, Envelope, ErrorBody, Reply } from '@app/contracts';
import { KafkaRetriableException } from '@nestjs/microservices';
import { unwrapKafkaShape } from './in-process.broker';

const logger = new Logger('MessageContract');

type Handler = (this: unknown, msg: unknown, ...rest: unknown[]) => unknown;

/**
 * Guards a message handler: validates the envelope and the payload against the topic's contract (a bad message is
 * logged with its code and answered, never a crash or a silent drop), and turns the handler's outcome into a
 * `Reply`. Its log lines carry the message's correlation id as `requestId`.
 *
 * A method decorator rather than a Nest interceptor: Nest runs every interceptor inside rxjs and binds an
 * `AsyncResource` twice per message (each bind also builds two `deprecate` wrappers), ≈ 3.5 % of the main thread
 * on the webhook path (docs/performance.md). The handler's first parameter is the message (`@Payload()`); it is
 * applied before `MessagePattern`/`EventPattern`, which record their metadata on the function it installs.
 */
export const underContract =
  (topic: string): MethodDecorator =>
  (_target, _key, descriptor: PropertyDescriptor) => {
    const handler = descriptor.value as Handler;
    const contract = contractOf(topic); // looked up once per handler, not per message
    const isEvent = contract?.kind === 'event';
    const guarded: Handler = async function (this: unknown, raw, ...rest) {
      const checked = validate(topic, contract, unwrapKafkaShape(raw));
      if (!checked.ok) {
        logger.warn(
          { code: checked.error.code, topic, requestId: correlationIdOf(raw), problems: checked.error.details },
          checked.error.message,
        );
        return isEvent ? undefined : checked;
      }
      try {
        const data = await handler.call(this, checked.data, ...rest);
        return isEvent ? undefined : ({ ok: true, data } satisfies Reply<unknown>);
      } catch (err) {
        if (err instanceof KafkaRetriableException) {
          // Not answered and not committed: the Kafka server rethrows it to kafkajs, which delivers the message again.
          throw err;
        }
        const body = toErrorBody(topic, checked.data.correlationId, err);
        return isEvent ? undefined : ({ ok: false, error: body } satisfies Reply<unknown>);
      }
    };
    // Whatever other decorators recorded on the handler before this one stays with it.
    for (const key of Reflect.getOwnMetadataKeys(handler)) {
      Reflect.defineMetadata(key, Reflect.getOwnMetadata(key, handler), guarded);
    }
    Object.defineProperty(guarded, 'name', { value: handler.name });
    descriptor.value = guarded;
  };

function validate(
  topic: string,
  contract: Contract | undefined,
  raw: unknown,
): { ok: true; data: Envelope } | { ok: false; error: ErrorBody } {
  if (!contract) {
    return { ok: false, error: { code: 'BAD_MESSAGE', message: `Unknown topic ${topic}` } };
  }
  const envelope = envelopeSchema.safeParse(raw);
  if (!envelope.success) {
    return { ok: false, error: badMessage(`Malformed envelope on ${topic}`, envelope.error.issues) };
  }
  if (envelope.data.version !== contract.version) {
    return {
      ok: false,
      error: {
        code: 'BAD_MESSAGE',
        message: `${topic} v${envelope.data.version} is not supported (v${contract.version})`,
      },
    };
  }
  const schema = contract.kind === 'request' ? contract.request : contract.payload;
  const payload = schema.safeParse(envelope.data.payload);
  if (!payload.success) {
    return { ok: false, error: badMessage(`Invalid payload on ${topic}`, payload.error.issues) };
  }
  return { ok: true, data: { ...envelope.data, payload: payload.data } };
}

function toErrorBody(topic: string, requestId: string, err: unknown): ErrorBody {
  if (err instanceof DomainError) {
    return err.toBody();
  }
  logger.error({ err, topic, requestId }, `Handler for ${topic} failed`);
  return { code: 'INTERNAL', message: 'The service could not complete the request' };
}

/** The correlation id of a message that failed its contract, when it has a readable one. */
const correlationIdOf = (raw: unknown): string | undefined => {
  const id = (unwrapKafkaShape(raw) as { correlationId?: unknown } | null)?.correlationId;
  return typeof id === 'string' ? id.slice(0, 128) : undefined;
};

const badMessage = (message: string, issues: { path: PropertyKey[]; message: string }[]): ErrorBody => ({
  code: 'BAD_MESSAGE',
  message,
  details: issues.map((i) => ({ msg: i.message, loc: i.path.map(String).join('.') })),
});
