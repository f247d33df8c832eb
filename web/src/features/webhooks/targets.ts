import type { Alert } from '../alerts/types';
import type { Account } from '../connections/types';
import type { Group } from '../groups/types';

export interface TargetAccount {
  key: string;
  username: string;
  environment: string;
}

/**
 * The accounts an alert reaches: the member connections of its groups plus its directly chosen accounts.
 * Environment defaults to demo when unknown (spec "Webhook Generator").
 */
export function targetAccounts(alert: Alert, groups: Group[], accounts: Account[]): TargetAccount[] {
  const seen = new Map<string, TargetAccount>();
  for (const g of groups.filter((x) => alert.groupIds.includes(x.id))) {
    for (const m of g.accounts) {
      seen.set(`c:${m.id}`, { key: `c:${m.id}`, username: m.username, environment: m.environment || 'demo' });
    }
  }
  for (const a of accounts.filter((x) => alert.accountIds.includes(x.id))) {
    seen.set(`a:${a.id}`, { key: `a:${a.id}`, username: a.accountName, environment: a.environment || 'demo' });
  }
  return [...seen.values()];
}
