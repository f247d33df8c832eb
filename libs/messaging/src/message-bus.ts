import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { DomainError, contractOf, makeEnvelope } from '@app/contracts';
import type { EventOf, EventTopic, MessageContext, ReplyOf, Reply, RequestOf, RequestTopic } from '@app/contracts';
import { TimeoutError, firstValueFrom, lastValueFrom, timeout } from 'rxjs';
import { attachReceipt } from './produce-receipt';
import type { ProduceReceipt } from './produce-receipt';

/** What the bus needs of a Nest client (ClientKafka or InProcessClient). */
export type BusClient = Pick<ClientProxy, 'send' | 'emit'> & Partial<DirectRequests>;

/**
 * A client that answers a request as a promise of its reply, without the observable Nest's `send` builds (a
 * deferred connect, a merge, an observer) and rxjs' `timeout` around it: the in-process client, whose
 * broker answers in the same process. The bus uses it when the client has it.
 */
export interface DirectRequests {
  requestNow(topic: string, packet: { key: string; value: unknown }): Promise<unknown>;
}

export const BUS_CLIENT = Symbol('BUS_CLIENT');
export const BUS_OPTIONS = Symbol('BUS_OPTIONS');

export interface BusOptions {
  requestTimeoutMs: number;
}

/**
 * The one typed way to talk to other services: `send` a request and get its reply, or `emit` a
 * fact. The payload type follows from the topic; the transport (Kafka or in-process) is hidden.
 */
@Injectable()
export class MessageBus {
  constructor(
    @Inject(BUS_CLIENT) private readonly client: BusClient,
    @Inject(BUS_OPTIONS) private readonly options: BusOptions,
  ) {}

  /** Sends a request and resolves with the reply's data; an error reply rejects with its DomainError. */
  async send<T extends RequestTopic>(
    topic: T,
    payload: RequestOf<T>,
    ctx: MessageContext,
    opts: { key?: string; timeoutMs?: number } = {},
  ): Promise<ReplyOf<T>> {
    const reply = await this.request(topic, payload, ctx, opts);
    if (!reply.ok) {
      throw DomainError.fromBody(reply.error);
    }
    return reply.data;
  }

  /**
   * Like `send`, but answers the raw reply instead of throwing on an error reply. With `receipt`, the
   * receipt tells afterwards whether the request reached the broker (e.g. after a TIMEOUT reply).
   */
  async request<T extends RequestTopic>(
    topic: T,
    payload: RequestOf<T>,
    ctx: MessageContext,
    opts: { key?: string; timeoutMs?: number; receipt?: ProduceReceipt } = {},
  ): Promise<Reply<ReplyOf<T>>> {
    const envelope = makeEnvelope(ctx, versionOf(topic), payload);
    const key = opts.key ?? ctx.userId ?? envelope.messageId;
    // The receipt rides on the packet; the transport marks it when the broker has (or has not) taken the request.
    const packet = attachReceipt({ key, value: envelope }, opts.receipt);
    const ms = opts.timeoutMs ?? this.options.requestTimeoutMs;
    try {
      if (this.client.requestNow) {
        return (await withTimeout(this.client.requestNow(topic, packet), ms)) as Reply<ReplyOf<T>>;
      }
      return await firstValueFrom(this.client.send<Reply<ReplyOf<T>>>(topic, packet).pipe(timeout(ms)));
    } catch (err) {
      if (err instanceof TimeoutError) {
        return { ok: false, error: { code: 'TIMEOUT', message: `No reply to ${topic} in time` } };
      }
      if (err instanceof DomainError) {
        return { ok: false, error: err.toBody() };
      }
      return { ok: false, error: { code: 'SERVICE_UNAVAILABLE', message: `Could not reach the service for ${topic}` } };
    }
  }

  /** Publishes an event; resolves once the transport has accepted it. */
  async emit<T extends EventTopic>(topic: T, payload: EventOf<T>, ctx: MessageContext, key?: string): Promise<void> {
    const envelope = makeEnvelope(ctx, versionOf(topic), payload);
    await lastValueFrom(this.client.emit(topic, { key: key ?? ctx.userId ?? envelope.messageId, value: envelope }), {
      defaultValue: undefined,
    });
  }
}

/** `reply`, or a TimeoutError (rxjs', as its `timeout` throws) should it take longer than `ms`. */
function withTimeout<T>(reply: Promise<T>, ms: number): Promise<T> {
  // One timer and no race of promises: this is on every webhook's path in standalone mode.
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError()), ms);
    reply.finally(() => clearTimeout(timer)).then(resolve, reject);
  });
}

const versionOf = (topic: string): number => {
  const contract = contractOf(topic);
  if (!contract) {
    throw new Error(`No contract for topic ${topic}`);
  }
  return contract.version;
};
