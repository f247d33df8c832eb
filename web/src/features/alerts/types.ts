export type AlertStatus = 'active' | 'inactive';
export type AlertSource = 'external' | 'internal';

export interface Alert {
  id: string;
  name: string;
  symbol: string;
  symbolId: string | number | null;
  status: AlertStatus;
  source: AlertSource;
  groupIds: string[];
  accountIds: string[];
  atmEnabled: boolean;
  createdAt: string;
  updatedAt: string;
}

/** What the client sends: the alert without the fields the server sets. */
export type AlertInput = Omit<Alert, 'id' | 'createdAt' | 'updatedAt'>;

export interface Contract {
  contract_id: string | number;
  symbol: string;
  tick: number;
  description: string;
}

export interface SymbolSearchResult {
  success: boolean;
  contracts: Contract[];
  error?: string;
}

/** Spec §9: displayed as the denominator of the Active Alerts card; the server enforces it. */
export const MAX_ACTIVE_ALERTS = 20;
