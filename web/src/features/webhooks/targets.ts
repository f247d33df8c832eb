import type { Alert } from '../alerts/types';
import type { Account } from '../connections/types';
import type { Group } from '../groups/types';

/** One line of the Connected Accounts list: a broker account the alert's orders go to, or a connection without any. */
export interface TargetAccount {
  key: string;
  /** The broker account (DEMO100001); undefined for a group's connection whose accounts are not synchronised yet. */
  accountName?: string;
  /** The connection's username (a group member's), or its nickname (an account chosen on the alert by itself). */
  username: string;
  environment: string;
}

/**
 * The accounts an alert's orders go to, each once, as execution plans them: every account of its groups' member
 * connections, plus the accounts chosen on the alert by itself, one per broker account (the same Tradovate login
 * linked twice lists its accounts under both connections). A member connection with no accounts known yet stays on
 * the list, without an account (it places nothing). Environment defaults to demo when unknown (spec "Webhook
 * Generator").
 */
export function targetAccounts(alert: Alert, groups: Group[], accounts: Account[]): TargetAccount[] {
  const seen = new Map<string, TargetAccount>();
  const add = (a: Account, username: string) => {
    const key = `a:${a.environment}:${a.brokerAccountId}`;
    if (!seen.has(key)) {
      seen.set(key, {
        key,
        accountName: a.accountName,
        username,
        environment: a.environment || 'demo',
      });
    }
  };
  for (const g of groups.filter((x) => alert.groupIds.includes(x.id))) {
    for (const m of g.accounts) {
      const own = accounts.filter((a) => a.connectionId === m.id);
      own.forEach((a) => add(a, m.username));
      if (own.length === 0) {
        seen.set(`c:${m.id}`, { key: `c:${m.id}`, username: m.username, environment: m.environment || 'demo' });
      }
    }
  }
  accounts.filter((x) => alert.accountIds.includes(x.id)).forEach((a) => add(a, a.connectionName));
  return [...seen.values()];
}

/** How many accounts an order goes to: the list's accounts, not its connections without any. */
export const ordersPerSignal = (targets: TargetAccount[]): number =>
  targets.filter((t) => t.accountName !== undefined).length;
