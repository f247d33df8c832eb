import { Injectable } from '@nestjs/common';
import { DomainError } from '@app/contracts';
import type { SessionUserV1, UserV1 } from '@app/contracts';
import { UsersRepository } from '../users/users.repository';
import { isSessionValid, toUserV1 } from '../users/user.view';
import { PasswordHasher } from './password-hasher';
import { TokenIssuer } from './token-issuer';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const PENDING_APPROVAL = 'Your account is pending approval by an administrator.';

/** Registration, login and the per-request session check. Emails arrive trimmed and lower-cased (contract). */
@Injectable()
export class AccountsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenIssuer,
  ) {}

  /** New accounts are inactive and not administrators: an administrator approves them. */
  async register(email: string, password: string): Promise<UserV1> {
    if (await this.users.findByEmail(email)) {
      throw emailTaken();
    }
    const passwordHash = await this.hasher.hash(password);
    const user = await this.users.insert({ email, passwordHash, isActive: false, isAdmin: false });
    if (!user) {
      throw emailTaken(); // registered by a concurrent request meanwhile
    }
    return toUserV1(user);
  }

  /**
   * Unknown email and wrong password answer alike, after the same argon2 work; the password is
   * checked before the approval state, so "pending" is only told to the account's owner.
   */
  async login(email: string, password: string): Promise<{ access_token: string; token_type: 'bearer' }> {
    const user = await this.users.findByEmail(email);
    const ok = user ? await this.hasher.verify(user.passwordHash, password) : await this.hasher.verifyNothing(password);
    if (!user || !ok) {
      throw new DomainError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    }
    if (!user.isActive) {
      throw new DomainError('ACCOUNT_PENDING_APPROVAL', PENDING_APPROVAL);
    }
    const now = new Date();
    await this.users.update(user.id, { lastLogin: now });
    return { access_token: this.tokens.issue(user, now), token_type: 'bearer' };
  }

  async me(userId: string | null): Promise<UserV1> {
    const user = userId ? await this.users.findById(userId) : null;
    if (!user) {
      throw new DomainError('UNAUTHORIZED', 'Not authenticated. Please sign in.');
    }
    return toUserV1(user);
  }

  /** One primary-key read per authenticated request. */
  async verifySession(userId: string, issuedAt: number): Promise<SessionUserV1> {
    const user = await this.users.findById(userId);
    if (!user || !isSessionValid(user, issuedAt)) {
      throw new DomainError('UNAUTHORIZED', 'Your session is no longer valid. Please sign in again.');
    }
    return { id: user.id, email: user.email, isAdmin: user.isAdmin };
  }
}

const emailTaken = (): DomainError => new DomainError('EMAIL_TAKEN', 'An account with this email already exists.');
