import { Injectable, Logger } from '@nestjs/common';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { DomainError, contractOf, envelopeSchema } from '@app/contracts';
import type { Envelope, ErrorBody, Reply } from '@app/contracts';
import { KafkaRetriableException } from '@nestjs/microservices';
import { catchError, map, of, throwError } from 'rxjs';
import type { Observable } from 'rxjs';
import { unwrapKafkaShape } from './in-process.broker';

/**
 * Guards every message handler: validates the envelope and the payload against the topic's
 * contract (a bad message is logged with its code and answered, never a crash or a silent drop),
 * and turns the handler's outcome into a `Reply`. Its log lines carry the message's correlation id as `requestId`.
 */
@Injectable()
export class ContractInterceptor implements NestInterceptor {
  private readonly logger = new Logger(ContractInterceptor.name);

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rpc = context.switchToRpc();
    const topic = rpc.getContext<{ getTopic?: () => string; getPattern?: () => string }>();
    const name = topic.getTopic?.() ?? topic.getPattern?.() ?? 'unknown';
    const contract = contractOf(name);
    const isEvent = contract?.kind === 'event';
    const args = context.getArgs<unknown[]>();

    const checked = this.validate(name, unwrapKafkaShape(args[0]));
    if (!checked.ok) {
      this.logger.warn({ code: checked.error.code, topic: name, requestId: correlationIdOf(args[0]), problems: checked.error.details }, checked.error.message);
      return isEvent ? of(undefined) : of(checked);
    }
    args[0] = checked.data; // the handler sees the parsed envelope
    const msg = checked.data;

    return next.handle().pipe(
      map((data: unknown) => (isEvent ? undefined : ({ ok: true, data } satisfies Reply<unknown>))),
      catchError((err: unknown) => {
        if (err instanceof KafkaRetriableException) {
          // Not answered and not committed: the Kafka server rethrows it to kafkajs, which delivers the message again.
          return throwError(() => err);
        }
        const body = this.toErrorBody(name, msg.correlationId, err);
        return of(isEvent ? undefined : ({ ok: false, error: body } satisfies Reply<unknown>));
      }),
    );
  }

  private validate(topic: string, raw: unknown): { ok: true; data: Envelope } | { ok: false; error: ErrorBody } {
    const contract = contractOf(topic);
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
        error: { code: 'BAD_MESSAGE', message: `${topic} v${envelope.data.version} is not supported (v${contract.version})` },
      };
    }
    const schema = contract.kind === 'request' ? contract.request : contract.payload;
    const payload = schema.safeParse(envelope.data.payload);
    if (!payload.success) {
      return { ok: false, error: badMessage(`Invalid payload on ${topic}`, payload.error.issues) };
    }
    return { ok: true, data: { ...envelope.data, payload: payload.data } };
  }

  private toErrorBody(topic: string, requestId: string, err: unknown): ErrorBody {
    if (err instanceof DomainError) {
      return err.toBody();
    }
    this.logger.error({ err, topic, requestId }, `Handler for ${topic} failed`);
    return { code: 'INTERNAL', message: 'The service could not complete the request' };
  }
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
