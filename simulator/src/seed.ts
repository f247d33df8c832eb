// The world a fresh simulator starts with (documented in simulator/README.md).
import type { SeedApp, SeedData, SeedOAuthClient, SeedUser } from './types';

export const DEFAULT_APP: SeedApp = { appId: 'TVTradovate', cid: 8, sec: 'sim-secret' };
export const DEFAULT_OAUTH_CLIENT: SeedOAuthClient = { clientId: 'tvtrade', clientSecret: 'tvtrade-secret' };

export const DEFAULT_USERS: SeedUser[] = [
  {
    name: 'demo',
    password: 'demo-password',
    fullName: 'Demo Trader',
    email: 'demo@example.com',
    demoAccounts: ['DEMO100001', 'DEMO100002'],
    liveAccounts: ['LIVE100001'],
  },
  {
    name: 'trader2',
    password: 'trader2-password',
    fullName: 'Second Trader',
    email: 'trader2@example.com',
    demoAccounts: ['DEMO200001', 'DEMO200002', 'DEMO200003'],
  },
];

export interface ResolvedSeed {
  users: SeedUser[];
  apps: SeedApp[];
  oauthClients: SeedOAuthClient[];
  prices: Record<string, number>;
  limits: NonNullable<SeedData['limits']>;
  flatLiquidation: 'reject' | 'accept';
  catalogueDate: Date;
}

export const resolveSeed = (seed: SeedData = {}): ResolvedSeed => ({
  users: seed.users ?? DEFAULT_USERS,
  apps: seed.apps ?? [DEFAULT_APP],
  oauthClients: seed.oauthClients ?? [DEFAULT_OAUTH_CLIENT],
  prices: seed.prices ?? {},
  limits: seed.limits ?? {},
  flatLiquidation: seed.flatLiquidation ?? 'reject',
  catalogueDate: seed.catalogueDate ?? new Date(),
});
