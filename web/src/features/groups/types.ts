import type { Environment } from '../connections/types';

/** A member card: the members of a group are connections. */
export interface GroupMember {
  id: string;
  username: string;
  environment: Environment;
  provider: string;
}

export interface Group {
  id: string;
  name: string;
  accountsCount: number;
  accountDetails: string;
  selectedConnectionIds: string[];
  accounts: GroupMember[];
}
