import type { z } from 'zod';
import type { ServiceName } from './topics';

/** A request-reply message: the owner answers, the caller waits. */
export interface RequestContract<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  kind: 'request';
  owner: ServiceName;
  version: number;
  request: Req;
  reply: Res;
  /** Partitions of the request topic (and of its reply topic). */
  partitions?: number;
}

/** A fact, emitted by its owner to whoever listens (each consumer group gets it once). */
export interface EventContract<P extends z.ZodType = z.ZodType> {
  kind: 'event';
  owner: ServiceName;
  version: number;
  payload: P;
  /** State-carrying topics are log-compacted and keyed by the entity id. */
  compacted?: boolean;
  partitions?: number;
}

export type Contract = RequestContract | EventContract;

export const request = <Req extends z.ZodType, Res extends z.ZodType>(
  c: Omit<RequestContract<Req, Res>, 'kind'>,
): RequestContract<Req, Res> => ({ kind: 'request', ...c });

export const event = <P extends z.ZodType>(c: Omit<EventContract<P>, 'kind'>): EventContract<P> => ({
  kind: 'event',
  ...c,
});
