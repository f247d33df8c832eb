import { z } from 'zod';
import { request } from './contract';
import { Environment, Id, SYMBOL_MAX_LENGTH } from './shared.schemas';
import { Topic } from './topics';

// Contracts owned by the connections service: broker connections, OAuth, accounts and symbols.

export const ConnectionStatus = z.enum(['connected', 'active', 'expired', 'error']);
export type ConnectionStatus = z.infer<typeof ConnectionStatus>;

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
/** Tradovate's cid is a number; the web form sends it as text. Blank means "not set". */
const Cid = z
  .union([z.number(), z.string().trim().max(12)], 'must be a whole number')
  .transform((v) => (v === '' ? null : Number(v)))
  .pipe(
    z.number({ message: 'must be a whole number' }).int('must be a whole number').min(0).max(2_147_483_647).nullable(),
  );
/** The web form's comma-separated field, or a list: trimmed, empties dropped. */
const ConnectedAccounts = z
  .union([z.array(text(100)).max(100), z.string().max(4000)], 'must be a list of names or comma-separated text')
  .transform((v) => (typeof v === 'string' ? v.split(',') : v).map((s) => s.trim()).filter(Boolean));

/** Every editable field, none required and without defaults (PUT changes only what it names). */
const connectionFields = {
  nickname: text(100).min(1, 'Nickname is required'),
  username: text(100),
  environment: Environment,
  password: z.string().max(256, 'must be at most 256 characters'),
  appId: text(100),
  appVersion: text(32),
  deviceId: text(100),
  cid: Cid.nullable(),
  sec: z.string().max(256, 'must be at most 256 characters'),
  status: ConnectionStatus,
  connectedAccounts: ConnectedAccounts,
};

export const UpdateConnectionBodyV1 = z.object(connectionFields).partial();
export const UpdateConnectionV1 = UpdateConnectionBodyV1.extend({ id: Id });
export type UpdateConnectionV1 = z.output<typeof UpdateConnectionV1>;

export const CreateConnectionV1 = UpdateConnectionBodyV1.extend({ nickname: connectionFields.nickname });
export type CreateConnectionV1 = z.output<typeof CreateConnectionV1>;

export const ConnectionIdV1 = z.object({ id: Id });

/** A connection as its owner sees it: secrets are never returned, only whether they are set. */
export const ConnectionV1 = z.object({
  id: Id,
  nickname: z.string(),
  username: z.string().nullable(),
  environment: Environment,
  appId: z.string(),
  appVersion: z.string(),
  deviceId: z.string(),
  cid: z.number().int().nullable(),
  status: ConnectionStatus,
  connectedAccounts: z.array(z.string()),
  lastSyncAt: z.string().nullable(),
  hasPassword: z.boolean(),
  hasSecret: z.boolean(),
  /** True when the broker is the bundled simulator (TRADOVATE_SANDBOX). */
  sandbox: z.boolean(),
  authType: z.enum(['credentials', 'oauth']),
  provider: z.literal('Tradovate'),
  createdAt: z.string(),
});
export type ConnectionV1 = z.infer<typeof ConnectionV1>;

/** Test and refresh answer 200 either way; `error` carries the broker's reason. */
export const BrokerCheckResultV1 = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  error: z.string().optional(),
});
export type BrokerCheckResultV1 = z.infer<typeof BrokerCheckResultV1>;

export const DeletedV1 = z.object({ success: z.literal(true) });

export const OAuthUrlV1 = z.object({ url: z.string() });

/** What the provider sent back to /api/tradovate/callback; all optional, anything odd is a failed sign-in. */
export const OAuthCallbackV1 = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(2048).optional(),
  error: z.string().max(2048).optional(),
  error_description: z.string().max(2048).optional(),
});
export type OAuthCallbackV1 = z.infer<typeof OAuthCallbackV1>;
/** Where the browser goes next: a path of the web client (/connections?...). */
export const OAuthCallbackResultV1 = z.object({ location: z.string() });

export const AccountV1 = z.object({
  id: Id,
  accountName: z.string(),
  brokerAccountId: z.number().int(),
  connectionId: Id,
  connectionName: z.string(),
  accountType: z.string(),
  environment: Environment,
});
export type AccountV1 = z.infer<typeof AccountV1>;

export const SymbolSearchV1 = z.object({
  symbol: z
    .string({ message: 'Please enter a symbol' })
    .trim()
    .min(1, 'Please enter a symbol')
    .max(SYMBOL_MAX_LENGTH, `must be at most ${SYMBOL_MAX_LENGTH} characters`),
});
export const ContractMatchV1 = z.object({
  contract_id: z.number().int(),
  symbol: z.string(),
  tick: z.number(),
  description: z.string(),
});
export type ContractMatchV1 = z.infer<typeof ContractMatchV1>;
export const SymbolSearchResultV1 = z.object({
  success: z.boolean(),
  contracts: z.array(ContractMatchV1),
  error: z.string().optional(),
});
export type SymbolSearchResultV1 = z.infer<typeof SymbolSearchResultV1>;

/** Execution's fallback: a usable (renewed when near expiry or asked) token of one of the acting user's connections. */
export const BrokerSessionRequestV1 = z.object({ connectionId: Id, forceRenew: z.boolean().optional() });
export const BrokerSessionV1 = z.object({
  connectionId: Id,
  environment: Environment,
  /** SecretBox-sealed with the shared ENCRYPTION_KEY. */
  accessTokenEncrypted: z.string(),
  expiresAt: z.string(),
});
export type BrokerSessionV1 = z.infer<typeof BrokerSessionV1>;

const Empty = z.object({});

export const connectionsContracts = {
  [Topic.ConnectionsList]: request({ owner: 'connections', version: 1, request: Empty, reply: z.array(ConnectionV1) }),
  [Topic.ConnectionsCreate]: request({
    owner: 'connections',
    version: 1,
    request: CreateConnectionV1,
    reply: ConnectionV1,
  }),
  [Topic.ConnectionsUpdate]: request({
    owner: 'connections',
    version: 1,
    request: UpdateConnectionV1,
    reply: ConnectionV1,
  }),
  [Topic.ConnectionsDelete]: request({ owner: 'connections', version: 1, request: ConnectionIdV1, reply: DeletedV1 }),
  [Topic.ConnectionsTest]: request({
    owner: 'connections',
    version: 1,
    request: ConnectionIdV1,
    reply: BrokerCheckResultV1,
  }),
  [Topic.ConnectionsRefresh]: request({
    owner: 'connections',
    version: 1,
    request: ConnectionIdV1,
    reply: BrokerCheckResultV1,
  }),
  [Topic.ConnectionsOAuthUrl]: request({ owner: 'connections', version: 1, request: Empty, reply: OAuthUrlV1 }),
  [Topic.ConnectionsOAuthCallback]: request({
    owner: 'connections',
    version: 1,
    request: OAuthCallbackV1,
    reply: OAuthCallbackResultV1,
  }),
  [Topic.AccountsList]: request({ owner: 'connections', version: 1, request: Empty, reply: z.array(AccountV1) }),
  [Topic.SymbolsSearch]: request({
    owner: 'connections',
    version: 1,
    request: SymbolSearchV1,
    reply: SymbolSearchResultV1,
  }),
  [Topic.ConnectionsBrokerSession]: request({
    owner: 'connections',
    version: 1,
    request: BrokerSessionRequestV1,
    reply: BrokerSessionV1,
  }),
} as const;
