import type { Connection, ConnectionInput, ConnectionStatus, Environment } from './types';

export const DEFAULT_APP_ID = 'TVTradovate';
export const DEFAULT_APP_VERSION = '0.0.1';

export interface ConnectionFormValues {
  nickname: string;
  environment: Environment;
  username: string;
  password: string;
  appId: string;
  appVersion: string;
  deviceId: string;
  cid: string;
  sec: string;
  connectedAccounts: string;
  status: ConnectionStatus;
}

export function formValuesOf(connection: Connection | undefined): ConnectionFormValues {
  return {
    nickname: connection?.nickname ?? '',
    environment: connection?.environment ?? 'demo',
    username: connection?.username ?? '',
    password: '',
    appId: connection?.appId || DEFAULT_APP_ID,
    appVersion: connection?.appVersion || DEFAULT_APP_VERSION,
    deviceId: connection?.deviceId ?? '',
    cid: String(connection?.cid ?? ''),
    sec: '',
    connectedAccounts: connection?.connectedAccounts.join(', ') ?? '',
    status: connection?.status ?? 'active',
  };
}

/** Spec §5: split on commas, trimmed, empties dropped. */
export function parseAccounts(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Blank password and secret mean "keep the stored one", so they are left out. */
export function toConnectionInput(values: ConnectionFormValues): ConnectionInput {
  const input: ConnectionInput = {
    nickname: values.nickname.trim(),
    environment: values.environment,
    username: values.username.trim(),
    appId: values.appId.trim(),
    appVersion: values.appVersion.trim(),
    deviceId: values.deviceId.trim(),
    cid: values.cid.trim(),
    connectedAccounts: parseAccounts(values.connectedAccounts ?? ''),
    status: values.status,
  };
  if (values.password) {
    input.password = values.password;
  }
  if (values.sec) {
    input.sec = values.sec;
  }
  return input;
}
