import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { ErrorBody } from './errors';

/**
 * Every message carries the same metadata (STYLE.md, after domain-driven-hexagon's domain events):
 * who caused it, which request it belongs to, and the version of its payload.
 */
export interface Envelope<P = unknown> {
  messageId: string;
  /** The request id of the HTTP call (or webhook) that started the chain. */
  correlationId: string;
  /** The messageId of the message that caused this one, or the correlation id at the edge. */
  causationId: string;
  occurredAt: string;
  /** The user the message acts for; null for system messages. */
  userId: string | null;
  version: number;
  payload: P;
}

export const envelopeSchema = z.object({
  messageId: z.string().min(1),
  correlationId: z.string().min(1),
  causationId: z.string().min(1),
  occurredAt: z.string().min(1),
  userId: z.string().nullable(),
  version: z.number().int().positive(),
  payload: z.unknown(),
});

/** What a caller knows when it sends: the chain it belongs to and the acting user. */
export interface MessageContext {
  correlationId: string;
  causationId?: string;
  userId: string | null;
}

export function makeEnvelope<P>(ctx: MessageContext, version: number, payload: P): Envelope<P> {
  const messageId = randomUUID();
  return {
    messageId,
    correlationId: ctx.correlationId,
    causationId: ctx.causationId ?? ctx.correlationId,
    occurredAt: new Date().toISOString(),
    userId: ctx.userId,
    version,
    payload,
  };
}

/** The context for messages caused by a received one. */
export const contextOf = (msg: Envelope): MessageContext => ({
  correlationId: msg.correlationId,
  causationId: msg.messageId,
  userId: msg.userId,
});

/** Replies to requests: data, or a domain error carried as a code. */
export type Reply<T> = { ok: true; data: T } | { ok: false; error: ErrorBody };
