import type { GroupV1 } from '@app/contracts';
import type { Group } from './entities/group.entity';
import type { MemberRow } from './groups.repository';

/** The group as the web client reads it: member connections as cards, usernames joined for the table. */
export function toGroupView(group: Group, members: MemberRow[]): GroupV1 {
  const accounts = members
    .filter((m) => m.group_id === group.id)
    .map((m) => ({
      id: m.id,
      username: m.username ?? m.nickname,
      environment: m.environment,
      provider: 'Tradovate' as const,
    }));
  return {
    id: group.id,
    name: group.name,
    accountsCount: accounts.length,
    accountDetails: accounts.map((a) => a.username).join(', '),
    selectedConnectionIds: accounts.map((a) => a.id),
    accounts,
    // The driver may hand back a Date or a string, depending on PGlite or node-postgres.
    createdAt: new Date(group.createdAt).toISOString(),
  };
}
