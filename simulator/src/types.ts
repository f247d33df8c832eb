// Shapes shared by the simulator's files. Wire names follow the Tradovate REST API (camelCase).

export type World = 'demo' | 'live';

export interface SeedAccount {
  name: string;
  id?: number;
}

export interface SeedUser {
  name: string;
  password: string;
  userId?: number;
  fullName?: string;
  email?: string;
  demoAccounts?: Array<string | SeedAccount>;
  liveAccounts?: Array<string | SeedAccount>;
}

/** An API key: `cid`/`sec` must match, and `appId` must equal the key's name. */
export interface SeedApp {
  appId: string;
  cid: number;
  sec: string;
}

export interface SeedOAuthClient {
  clientId: string;
  clientSecret: string;
  /** Exact redirect URIs allowed; empty or absent = any (convenient for tests). */
  redirectUris?: string[];
}

export interface PenaltyLimit {
  /** Requests allowed per window before a penalty ticket is issued. */
  limit: number;
  windowMs: number;
  /** Seconds the caller must wait (the `p-time` it is told). */
  pTime: number;
  captcha?: boolean;
  /** Count only failed calls (Tradovate does this for accesstokenrequest). */
  failuresOnly?: boolean;
}

export interface SeedData {
  users?: SeedUser[];
  apps?: SeedApp[];
  oauthClients?: SeedOAuthClient[];
  /** Price by root (`MNQ`) or contract name (`MNQZ6`): market orders fill there. */
  prices?: Record<string, number>;
  /** Per-endpoint limits, keyed by endpoint (`auth/accesstokenrequest`, `order/placeorder`). */
  limits?: Record<string, PenaltyLimit>;
  /** What liquidateposition answers on a flat position. Default 'reject'. */
  flatLiquidation?: 'reject' | 'accept';
  /** Catalogue date: front months are computed from it. Default: now. */
  catalogueDate?: Date;
}

export interface UserRecord {
  userId: number;
  name: string;
  password: string;
  fullName: string;
  email: string;
  accounts: Record<World, AccountRecord[]>;
}

export interface AccountRecord {
  id: number;
  name: string;
  userId: number;
  accountType: 'Customer';
  active: boolean;
  clearingHouseId: number;
  riskCategoryId: number;
  autoLiqProfileId: number;
  marginAccountType: 'Speculator';
  legalStatus: 'Individual';
  archived: boolean;
  timestamp: string;
}

export type JsonObject = Record<string, unknown>;
