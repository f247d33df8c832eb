import { z } from 'zod';
import { event } from './contract';
import { Environment, Id } from './shared.schemas';
import { Topic } from './topics';

/**
 * Facts that cross services. The state-carrying ones are compacted and keyed by entity id, so a
 * consumer that starts from the beginning rebuilds the current state (execution's read model).
 */

export const UserDeletedV1 = z.object({ userId: Id });
export const UserStatusChangedV1 = z.object({ userId: Id, isActive: z.boolean() });

/** A broker account as the product knows it. `id` is ours; `brokerAccountId` is Tradovate's. */
export const BrokerAccountV1 = z.object({
  id: Id,
  brokerAccountId: z.number().int(),
  name: z.string(),
  accountType: z.string(),
  environment: Environment,
});
export type BrokerAccountV1 = z.infer<typeof BrokerAccountV1>;

/**
 * The whole current state of one connection, as execution needs it to place orders. The access
 * token is encrypted with the shared ENCRYPTION_KEY (libs/common `SecretBox`); passwords and API
 * secrets never leave the connections service.
 */
export const ConnectionChangedV1 = z.object({
  connectionId: Id,
  userId: Id,
  nickname: z.string(),
  /** The broker login name; trading shows it on group cards (the nickname when absent). */
  username: z.string().optional(),
  environment: Environment,
  status: z.enum(['connected', 'active', 'expired', 'error']),
  accounts: z.array(BrokerAccountV1),
  session: z.object({ accessTokenEncrypted: z.string(), expiresAt: z.string() }).nullable(),
});
export type ConnectionChangedV1 = z.infer<typeof ConnectionChangedV1>;

export const ConnectionRemovedV1 = z.object({ connectionId: Id, userId: Id });

/**
 * How one alert routes a webhook: its contract and the resolved target accounts (the accounts of
 * every connection in its groups plus its own accounts, each once).
 */
export const AlertRouteChangedV1 = z.object({
  alertId: Id,
  userId: Id,
  name: z.string(),
  status: z.enum(['active', 'inactive']),
  symbol: z.string().nullable(),
  symbolId: z.number().int().nullable(),
  groupIds: z.array(Id),
  targets: z.array(z.object({ accountId: Id, connectionId: Id })),
});
export type AlertRouteChangedV1 = z.infer<typeof AlertRouteChangedV1>;

export const AlertRemovedV1 = z.object({ alertId: Id, userId: Id });

export const eventContracts = {
  [Topic.UserDeleted]: event({ owner: 'auth', version: 1, payload: UserDeletedV1 }),
  [Topic.UserStatusChanged]: event({ owner: 'auth', version: 1, payload: UserStatusChangedV1, compacted: true }),
  [Topic.ConnectionChanged]: event({ owner: 'connections', version: 1, payload: ConnectionChangedV1, compacted: true }),
  [Topic.ConnectionRemoved]: event({ owner: 'connections', version: 1, payload: ConnectionRemovedV1 }),
  [Topic.AlertRouteChanged]: event({ owner: 'trading', version: 1, payload: AlertRouteChangedV1, compacted: true }),
  [Topic.AlertRemoved]: event({ owner: 'trading', version: 1, payload: AlertRemovedV1 }),
} as const;
