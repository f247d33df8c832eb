// Users and their accounts in both worlds. Demo and live account ids come from separate ranges so a
// client that mixes environments up fails loudly instead of touching the wrong account.
import type { AccountRecord, SeedAccount, SeedUser, UserRecord, World } from './types';

const FIRST_ACCOUNT_ID: Record<World, number> = { demo: 1_000_001, live: 5_000_001 };

export interface NewUser {
  name: string;
  password: string;
  fullName?: string;
  email?: string;
  /** Account names, or a count of accounts to create with generated names. */
  demoAccounts?: Array<string | SeedAccount> | number;
  liveAccounts?: Array<string | SeedAccount> | number;
}

export class Directory {
  private readonly users: UserRecord[] = [];
  private readonly usersById = new Map<number, UserRecord>();
  private nextUserId = 1001;
  private readonly nextAccountId: Record<World, number> = { ...FIRST_ACCOUNT_ID };

  constructor(seedUsers: SeedUser[]) {
    seedUsers.forEach((u) => this.add(u));
  }

  add(input: NewUser & { userId?: number }): UserRecord {
    if (!input.name || !input.password) {
      throw new Error('A user needs a name and a password');
    }
    if (this.byName(input.name)) {
      throw new Error(`User ${input.name} already exists`);
    }
    const userId = input.userId ?? this.nextUserId;
    this.nextUserId = Math.max(this.nextUserId, userId) + 1;
    const user: UserRecord = {
      userId,
      name: input.name,
      password: input.password,
      fullName: input.fullName ?? input.name,
      email: input.email ?? `${input.name}@example.com`,
      accounts: { demo: [], live: [] },
    };
    user.accounts.demo = this.makeAccounts('demo', user, input.demoAccounts);
    user.accounts.live = this.makeAccounts('live', user, input.liveAccounts);
    this.users.push(user);
    this.usersById.set(user.userId, user);
    return user;
  }

  all = (): UserRecord[] => this.users;
  byName = (name: string): UserRecord | undefined => this.users.find((u) => u.name === name);
  byId = (userId: number): UserRecord | undefined => this.usersById.get(userId);

  /** Usernames are case-insensitive at Tradovate; passwords are not. */
  authenticate(name: unknown, password: unknown): UserRecord | undefined {
    if (typeof name !== 'string' || typeof password !== 'string') {
      return undefined;
    }
    const user = this.users.find((u) => u.name.toLowerCase() === name.toLowerCase());
    return user && user.password === password ? user : undefined;
  }

  private makeAccounts(world: World, user: UserRecord, spec: NewUser['demoAccounts']): AccountRecord[] {
    const prefix = world === 'demo' ? 'DEMO' : 'LIVE';
    const list: Array<string | SeedAccount> =
      typeof spec === 'number'
        ? Array.from({ length: spec }, (_, i) => `${prefix}${user.userId}${String(i + 1).padStart(2, '0')}`)
        : (spec ?? []);
    return list.map((entry) => {
      const seed = typeof entry === 'string' ? { name: entry } : entry;
      const id = seed.id ?? this.nextAccountId[world];
      this.nextAccountId[world] = Math.max(this.nextAccountId[world], id) + 1;
      return {
        id,
        name: seed.name,
        userId: user.userId,
        accountType: 'Customer',
        active: true,
        clearingHouseId: 2,
        riskCategoryId: 2,
        autoLiqProfileId: 2,
        marginAccountType: 'Speculator',
        legalStatus: 'Individual',
        archived: false,
        timestamp: new Date().toISOString(),
      };
    });
  }
}
