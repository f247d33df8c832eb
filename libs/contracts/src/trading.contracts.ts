import { z } from 'zod';
import { request } from './contract';
import { AlertRouteChangedV1 } from './events.contracts';
import { Environment, Id, SYMBOL_MAX_LENGTH } from './shared.schemas';
import { Topic } from './topics';

// Contracts owned by the trading service: groups and alerts. The gateway validates HTTP bodies with
// the same schemas, so both sides agree on what is valid.

export const MAX_ACTIVE_ALERTS = 20;
/** Far above any real desk; it bounds the work one request can cause. */
const MAX_IDS = 200;

const Name = z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters');
/** Ids in a list: duplicates collapse, first occurrence keeps its place. */
const IdList = z
  .array(Id)
  .max(MAX_IDS, `must list at most ${MAX_IDS} ids`)
  .transform((ids) => [...new Set(ids)]);

const AlertStatus = z.enum(['active', 'inactive']);
const AlertSource = z.enum(['external', 'internal']);
/** Unmapped is null; the web client may also send '' for "no symbol". */
const SymbolName = z
  .string()
  .trim()
  .max(SYMBOL_MAX_LENGTH, `must be at most ${SYMBOL_MAX_LENGTH} characters`)
  .nullable()
  .transform((s) => (s ? s : null));
/** A broker contract id: the web client sends a number or a numeric string; stored as an integer. */
const SymbolId = z
  .union(
    [
      z.number().int('must be an integer').positive('must be positive').max(2147483647, 'is too large'),
      z
        .string()
        .trim()
        .regex(/^\d{0,10}$/, 'must be a positive integer')
        .transform((s) => (s === '' ? null : Number(s)))
        .refine((n) => n === null || (n > 0 && n <= 2147483647), 'must be a positive integer'),
    ],
    'must be a positive integer',
  )
  .nullable();

// ---- groups

export const GroupAccountV1 = z.object({
  /** The connection's id. */
  id: Id,
  username: z.string(),
  environment: Environment,
  provider: z.literal('Tradovate'),
});
export const GroupV1 = z.object({
  id: Id,
  name: z.string(),
  accountsCount: z.number().int(),
  /** Member usernames joined by ', '. */
  accountDetails: z.string(),
  selectedConnectionIds: z.array(Id),
  accounts: z.array(GroupAccountV1),
  createdAt: z.string(),
});
export type GroupV1 = z.infer<typeof GroupV1>;

export const CreateGroupV1 = z.object({ name: Name });
const groupChanges = { name: Name.optional(), connection_ids: IdList.optional() };
const someChange = (b: { name?: string; connection_ids?: string[] }) =>
  b.name !== undefined || b.connection_ids !== undefined;
/** PUT /api/groups/{id}: a new name, a new member list, or both. */
export const UpdateGroupBodyV1 = z.object(groupChanges).refine(someChange, 'Send name and/or connection_ids');
export const UpdateGroupV1 = z
  .object({ id: Id, ...groupChanges })
  .refine(someChange, 'Send name and/or connection_ids');
export const TradingByIdV1 = z.object({ id: Id });

// ---- alerts

export const AlertV1 = z.object({
  id: Id,
  name: z.string(),
  symbol: z.string().nullable(),
  symbolId: z.number().int().nullable(),
  status: AlertStatus,
  source: AlertSource,
  groupIds: z.array(Id),
  accountIds: z.array(Id),
  atmEnabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AlertV1 = z.infer<typeof AlertV1>;

/** POST /api/alerts. Unknown fields are stripped, never stored. */
export const CreateAlertV1 = z.object({
  name: Name,
  symbol: SymbolName.optional().transform((s) => s ?? null),
  symbolId: SymbolId.optional().transform((n) => n ?? null),
  status: AlertStatus.default('active'),
  source: AlertSource.default('external'),
  groupIds: IdList.default([]),
  accountIds: IdList.default([]),
  atmEnabled: z.boolean().default(false),
});
export type CreateAlertV1 = z.output<typeof CreateAlertV1>;

const alertChanges = {
  name: Name.optional(),
  symbol: SymbolName.optional(),
  symbolId: SymbolId.optional(),
  status: AlertStatus.optional(),
  source: AlertSource.optional(),
  groupIds: IdList.optional(),
  accountIds: IdList.optional(),
  atmEnabled: z.boolean().optional(),
};
/** PUT /api/alerts/{id}: the same body; a field left out keeps its value. */
export const UpdateAlertBodyV1 = z.object(alertChanges);
export const UpdateAlertV1 = z.object({ id: Id, ...alertChanges });
export type UpdateAlertV1 = z.output<typeof UpdateAlertV1>;

export const AlertRouteRequestV1 = z.object({ alertId: Id });

const none = z.object({});

export const tradingContracts = {
  [Topic.GroupsList]: request({ owner: 'trading', version: 1, request: none, reply: z.array(GroupV1) }),
  [Topic.GroupsCreate]: request({ owner: 'trading', version: 1, request: CreateGroupV1, reply: GroupV1 }),
  [Topic.GroupsUpdate]: request({ owner: 'trading', version: 1, request: UpdateGroupV1, reply: GroupV1 }),
  [Topic.GroupsDelete]: request({ owner: 'trading', version: 1, request: TradingByIdV1, reply: TradingByIdV1 }),
  [Topic.AlertsList]: request({ owner: 'trading', version: 1, request: none, reply: z.array(AlertV1) }),
  [Topic.AlertsCreate]: request({ owner: 'trading', version: 1, request: CreateAlertV1, reply: AlertV1 }),
  [Topic.AlertsUpdate]: request({ owner: 'trading', version: 1, request: UpdateAlertV1, reply: AlertV1 }),
  [Topic.AlertsDelete]: request({ owner: 'trading', version: 1, request: TradingByIdV1, reply: TradingByIdV1 }),
  /** Execution's fallback on a read-model miss: the same shape as the AlertRouteChanged event. */
  [Topic.AlertsRoute]: request({
    owner: 'trading',
    version: 1,
    request: AlertRouteRequestV1,
    reply: AlertRouteChangedV1,
  }),
} as const;
