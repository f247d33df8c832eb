/* eslint-disable @typescript-eslint/require-await -- in-memory fakes of async repositories */
import { randomUUID } from 'node:crypto';
import type { PasswordHasher } from '../src/accounts/password-hasher';
import type { AuthConfig } from '../src/auth.settings';
import type { Mail, Mailer } from '../src/mail/mailer';
import type { ResetTokenEntity } from '../src/password-reset/entities/reset-token.entity';
import type { ResetTokensRepository } from '../src/password-reset/reset-tokens.repository';
import type { UserEntity } from '../src/users/entities/user.entity';
import type { NewUser, UserChanges, UsersRepository } from '../src/users/users.repository';

/** In-memory stand-ins for the auth service's I/O, for unit specs. */
export class FakeUsers implements Pick<UsersRepository, keyof UsersRepository> {
  readonly rows = new Map<string, UserEntity>();

  async findById(id: string) {
    return this.copy(this.rows.get(id));
  }
  async findByEmail(email: string) {
    return this.copy([...this.rows.values()].find((u) => u.email === email));
  }
  async insert(user: NewUser) {
    if ([...this.rows.values()].some((u) => u.email === user.email)) {
      return null;
    }
    const row: UserEntity = {
      id: randomUUID(),
      createdAt: new Date(),
      lastLogin: null,
      sessionsValidAfter: null,
      ...user,
    };
    this.rows.set(row.id, row);
    return this.copy(row);
  }
  async update(id: string, changes: UserChanges) {
    const row = this.rows.get(id);
    if (row) {
      Object.assign(row, changes);
    }
    return this.copy(row);
  }
  async listNewestFirst() {
    return [...this.rows.values()].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }
  async anyAdmin() {
    return [...this.rows.values()].some((u) => u.isAdmin);
  }
  async delete(id: string) {
    return this.rows.delete(id);
  }

  private copy(u: UserEntity | undefined): UserEntity | null {
    return u ? { ...u } : null;
  }
}

export class FakeResetTokens implements Pick<ResetTokensRepository, keyof ResetTokensRepository> {
  readonly rows: ResetTokenEntity[] = [];

  async create(userId: string, tokenHash: string, expiresAt: Date) {
    this.rows.push({ id: randomUUID(), userId, tokenHash, expiresAt, usedAt: null, createdAt: new Date() });
  }
  async findByHash(tokenHash: string) {
    return this.rows.find((r) => r.tokenHash === tokenHash) ?? null;
  }
  async markUsed(id: string, at: Date) {
    const row = this.rows.find((r) => r.id === id && r.usedAt === null);
    if (row) {
      row.usedAt = at;
    }
    return Boolean(row);
  }
  async deleteForUser(userId: string) {
    this.rows.splice(0, this.rows.length, ...this.rows.filter((r) => r.userId !== userId));
  }
}

/** Fast and transparent: `hash:<password>`; counts the decoy verifications. */
export class FakeHasher implements Pick<PasswordHasher, keyof PasswordHasher> {
  decoys = 0;
  async hash(password: string) {
    return `hash:${password}`;
  }
  async verify(hash: string, password: string) {
    return hash === `hash:${password}`;
  }
  async verifyNothing(): Promise<false> {
    this.decoys++;
    return false;
  }
}

export class FakeMailer implements Pick<Mailer, 'enabled' | 'link' | 'sendLater'> {
  readonly sent: Mail[] = [];
  constructor(readonly enabled: boolean) {}
  link(pathAndQuery: string) {
    return `https://app.test${pathAndQuery}`;
  }
  sendLater(mail: Mail) {
    if (this.enabled) {
      this.sent.push(mail);
    }
  }
}

export const authConfig = (over: Partial<AuthConfig> = {}): AuthConfig => ({
  JWT_SECRET: 'unit-test-secret-unit-test-secret-0123',
  JWT_EXPIRES_IN: 86400,
  MAIL_FROM: 'QuantLynk <no-reply@localhost>',
  RESET_TOKEN_IN_REPLY: false,
  PUBLIC_URL: 'https://app.test',
  ...over,
});

export const userRow = (over: Partial<UserEntity> = {}): UserEntity => ({
  id: randomUUID(),
  email: `u-${randomUUID()}@example.com`,
  passwordHash: 'hash:password-1',
  isActive: true,
  isAdmin: false,
  createdAt: new Date(),
  lastLogin: null,
  sessionsValidAfter: null,
  ...over,
});
