export type Environment = 'demo' | 'live';
export type ConnectionStatus = 'connected' | 'active' | 'expired' | 'error';

export interface Connection {
  id: string;
  nickname: string;
  username: string;
  environment: Environment;
  appId: string;
  appVersion: string;
  deviceId: string;
  /** Tradovate's client id, a number (null when not set). */
  cid: number | null;
  status: ConnectionStatus;
  connectedAccounts: string[];
  lastSyncAt: string | null;
  hasPassword: boolean;
  hasSecret: boolean;
  sandbox: boolean;
  provider: string;
  createdAt: string;
}

/** Password and secret are write-only: omitted means "keep the stored one". */
export interface ConnectionInput {
  nickname: string;
  environment: Environment;
  username?: string;
  password?: string;
  appId?: string;
  appVersion?: string;
  deviceId?: string;
  cid?: string;
  sec?: string;
  connectedAccounts?: string[];
  status?: ConnectionStatus;
}

export interface ConnectionActionResult {
  success: boolean;
  message?: string;
  error?: string;
}

export interface Account {
  id: string;
  accountName: string;
  /** Tradovate's own number for the account, unique within its environment. */
  brokerAccountId: number;
  connectionId: string;
  connectionName: string;
  accountType: string;
  environment: Environment;
}
