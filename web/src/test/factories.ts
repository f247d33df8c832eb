import type { Alert } from '../features/alerts/types';
import type { ServerUser } from '../features/auth/types';
import type { Account, Connection } from '../features/connections/types';
import type { Group } from '../features/groups/types';
import type { TradeLogDetail, TradeLogItem } from '../features/logs/types';

export function makeConnection(overrides: Partial<Connection> = {}): Connection {
  return {
    id: 'c0a1b2c3-d4e5-6789-abcd-ef0123456789',
    nickname: 'Main',
    username: 'trader1',
    environment: 'demo',
    appId: 'TVTradovate',
    appVersion: '0.0.1',
    deviceId: '',
    cid: null,
    status: 'active',
    connectedAccounts: ['DEMO123'],
    lastSyncAt: null,
    hasPassword: true,
    hasSecret: false,
    sandbox: false,
    provider: 'Tradovate',
    createdAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

export function makeAccount(overrides: Partial<Account> = {}): Account {
  return {
    id: 'acc-1',
    accountName: 'DEMO123',
    brokerAccountId: 123,
    connectionId: 'c0a1b2c3-d4e5-6789-abcd-ef0123456789',
    connectionName: 'Main',
    accountType: 'Customer',
    environment: 'demo',
    ...overrides,
  };
}

export function makeGroup(overrides: Partial<Group> = {}): Group {
  return {
    id: 'g1234567-aaaa',
    name: 'Scalpers',
    accountsCount: 0,
    accountDetails: '',
    selectedConnectionIds: [],
    accounts: [],
    ...overrides,
  };
}

export function makeAlert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: 'al-1',
    name: 'NQ breakout',
    symbol: 'MNQZ5',
    symbolId: 12345,
    status: 'active',
    source: 'external',
    groupIds: [],
    accountIds: [],
    atmEnabled: false,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

export function makeLog(overrides: Partial<TradeLogItem> = {}): TradeLogItem {
  return {
    id: 'log-1',
    timestamp: '2025-03-01T10:00:00Z',
    requestId: 'req-abc',
    alertName: 'NQ breakout',
    symbol: 'MNQZ5',
    action: 'Buy',
    orderType: 'market',
    status: 'success',
    ...overrides,
  };
}

export function makeLogDetail(overrides: Partial<TradeLogDetail> = {}): TradeLogDetail {
  return {
    ...makeLog(),
    request: { alert_id: 'al-1', action: 'buy' },
    response: { message: 'ok', successful: 1, failed: 0 },
    events: [
      {
        at: '2025-03-01T10:00:00.100Z',
        type: 'order.placed',
        message: 'Order placed',
        accountName: 'DEMO123',
        durationMs: 42,
        outcome: 'success',
      },
    ],
    ...overrides,
  };
}

export function makeUser(overrides: Partial<ServerUser> = {}): ServerUser {
  return {
    id: 'u-2',
    email: 'pending@example.com',
    is_active: false,
    is_admin: false,
    created_at: '2025-01-02T00:00:00Z',
    last_login: null,
    ...overrides,
  };
}
