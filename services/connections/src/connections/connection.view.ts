import type { AccountV1, ConnectionChangedV1, ConnectionV1 } from '@app/contracts';
import type { BrokerAccountEntity } from './entities/broker-account.entity';
import type { ConnectionEntity } from './entities/connection.entity';

/** What the owner sees: never the password, the API secret or a token, only whether they are set. */
export const toConnectionView = (c: ConnectionEntity, sandbox: boolean): ConnectionV1 => ({
  id: c.id,
  nickname: c.nickname,
  username: c.username,
  environment: c.environment,
  appId: c.appId,
  appVersion: c.appVersion,
  deviceId: c.deviceId,
  cid: c.cid,
  status: c.status,
  connectedAccounts: c.connectedAccounts,
  lastSyncAt: c.lastSyncAt ? c.lastSyncAt.toISOString() : null,
  hasPassword: c.passwordEnc !== null,
  hasSecret: c.secEnc !== null,
  sandbox,
  authType: c.authType,
  provider: 'Tradovate',
  createdAt: c.createdAt.toISOString(),
});

export const toAccountView = (a: BrokerAccountEntity, connection: ConnectionEntity | undefined): AccountV1 => ({
  id: a.id,
  accountName: a.name,
  brokerAccountId: a.brokerAccountId,
  connectionId: a.connectionId,
  connectionName: connection?.nickname ?? '',
  accountType: a.accountType,
  environment: a.environment,
});

/**
 * The event execution builds its read model from and trading its group cards; the token stays
 * sealed. `username` is the broker login (for OAuth, the Tradovate user name the sign-in answered);
 * it is left out when unset, never null: V1 has it optional, not nullable, and every consumer
 * validates against V1. Without it trading shows the nickname.
 */
export const toConnectionChanged = (c: ConnectionEntity, accounts: BrokerAccountEntity[]): ConnectionChangedV1 => ({
  connectionId: c.id,
  userId: c.userId,
  nickname: c.nickname,
  ...(c.username ? { username: c.username } : {}),
  environment: c.environment,
  status: c.status,
  accounts: accounts.map((a) => ({
    id: a.id,
    brokerAccountId: a.brokerAccountId,
    name: a.name,
    accountType: a.accountType,
    environment: a.environment,
  })),
  session:
    c.accessTokenEnc && c.tokenExpiresAt
      ? { accessTokenEncrypted: c.accessTokenEnc, expiresAt: c.tokenExpiresAt.toISOString() }
      : null,
});
