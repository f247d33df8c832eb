import type { z } from 'zod';
import { authContracts } from './auth.contracts';
import { connectionsContracts } from './connections.contracts';
import type { Contract, EventContract, RequestContract } from './contract';
import { eventContracts } from './events.contracts';
import { executionContracts, executionFallbackContracts } from './execution.contracts';
import { healthContracts } from './health.contracts';
import type { ServiceName, Topic } from './topics';
import { tradingContracts } from './trading.contracts';

/** Every topic's contract. The consumer validates each message against it. */
export const contracts = {
  ...healthContracts,
  ...executionFallbackContracts,
  ...authContracts,
  ...connectionsContracts,
  ...tradingContracts,
  ...executionContracts,
  ...eventContracts,
} as const;

type Contracts = typeof contracts;
export type KnownTopic = keyof Contracts & Topic;

export type RequestTopic = {
  [K in KnownTopic]: Contracts[K] extends RequestContract ? K : never;
}[KnownTopic];
export type EventTopic = {
  [K in KnownTopic]: Contracts[K] extends EventContract ? K : never;
}[KnownTopic];

type ReqSchema<T extends RequestTopic> = Contracts[T] extends RequestContract<infer R, z.ZodType> ? R : never;
type ResSchema<T extends RequestTopic> = Contracts[T] extends RequestContract<z.ZodType, infer R> ? R : never;
type EvtSchema<T extends EventTopic> = Contracts[T] extends EventContract<infer P> ? P : never;

/** What a sender passes (before defaults and transforms). */
export type RequestOf<T extends RequestTopic> = z.input<ReqSchema<T>>;
/** What a handler receives (validated and transformed). */
export type HandledRequestOf<T extends RequestTopic> = z.output<ReqSchema<T>>;
export type ReplyOf<T extends RequestTopic> = z.output<ResSchema<T>>;
export type EventOf<T extends EventTopic> = z.output<EvtSchema<T>>;

export const contractOf = (topic: string): Contract | undefined => (contracts as Record<string, Contract>)[topic];

export const requestTopicsOwnedBy = (service: ServiceName): string[] =>
  Object.entries(contracts as Record<string, Contract>)
    .filter(([, c]) => c.kind === 'request' && c.owner === service)
    .map(([t]) => t);

export const allRequestTopics = (): string[] =>
  Object.entries(contracts as Record<string, Contract>)
    .filter(([, c]) => c.kind === 'request')
    .map(([t]) => t);

export const allEventTopics = (): string[] =>
  Object.entries(contracts as Record<string, Contract>)
    .filter(([, c]) => c.kind === 'event')
    .map(([t]) => t);
