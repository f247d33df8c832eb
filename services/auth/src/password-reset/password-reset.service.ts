import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sha256Hex } from '@app/common';
import { DomainError } from '@app/contracts';
import { APP_CONFIG } from '@app/messaging';
import type { AuthConfig } from '../auth.settings';
import { PasswordHasher } from '../accounts/password-hasher';
import { Mailer } from '../mail/mailer';
import type { UserEntity } from '../users/entities/user.entity';
import { UsersRepository } from '../users/users.repository';
import { revocationInstant } from '../users/user.view';
import { ResetTokensRepository } from './reset-tokens.repository';

export const RESET_SENT = 'If an account exists for that email, reset instructions have been sent.';
export const RESET_INVALID = 'This reset link is invalid or has expired.';
export const RESET_DONE = 'Your password has been reset. You can now sign in with your new password.';
export const RESET_UNAVAILABLE =
  'Password reset by e-mail is not available: this server has no mail server configured. Ask your administrator.';
const TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * Password reset: a 32-byte random token, stored only as its sha256, single use, valid one hour.
 * With a mail server the link is mailed. Without one the request is refused, the same way for every address,
 * unless RESET_TOKEN_IN_REPLY opts a local trial into getting the token in the reply (the spec's `reset_token`):
 * by default a token in the reply would let anyone who knows an address take over its account.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: ResetTokensRepository,
    private readonly hasher: PasswordHasher,
    private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: Pick<AuthConfig, 'RESET_TOKEN_IN_REPLY'>,
  ) {}

  /** The same answer whether or not the account exists (except with RESET_TOKEN_IN_REPLY, a local trial's choice). */
  async forgot(email: string, requestId?: string): Promise<{ message: string; reset_token?: string }> {
    if (!this.mailer.enabled && !this.config.RESET_TOKEN_IN_REPLY) {
      throw new DomainError('UNPROCESSABLE', RESET_UNAVAILABLE);
    }
    const user = await this.users.findByEmail(email);
    if (!user) {
      return { message: RESET_SENT };
    }
    const token = randomBytes(32).toString('base64url');
    await this.tokens.create(user.id, sha256Hex(token), new Date(Date.now() + TOKEN_TTL_MS));
    if (!this.mailer.enabled) {
      return { message: RESET_SENT, reset_token: token };
    }
    const link = this.mailer.link(`/reset-password?token=${encodeURIComponent(token)}`);
    this.mailer.sendLater(
      {
        to: user.email,
        subject: 'Reset your QuantLynk password',
        text: `Someone asked to reset the password of your QuantLynk account.\n\nSet a new password here (valid for one hour):\n${link}\n\nIf it wasn't you, ignore this mail.`,
      },
      requestId,
    );
    return { message: RESET_SENT };
  }

  async validate(token: string): Promise<{ valid: boolean; email: string | null }> {
    const found = await this.usable(token);
    return found ? { valid: true, email: found.user.email } : { valid: false, email: null };
  }

  /** Sets the new password, spends the token and ends every existing session of the user. */
  async reset(token: string, newPassword: string): Promise<{ message: string }> {
    const found = await this.usable(token);
    if (!found) {
      throw invalid();
    }
    const passwordHash = await this.hasher.hash(newPassword);
    const now = new Date();
    if (!(await this.tokens.markUsed(found.tokenId, now))) {
      throw invalid(); // spent by a concurrent reset meanwhile
    }
    await this.users.update(found.user.id, { passwordHash, sessionsValidAfter: revocationInstant(now) });
    return { message: RESET_DONE };
  }

  private async usable(token: string): Promise<{ tokenId: string; user: UserEntity } | null> {
    const record = await this.tokens.findByHash(sha256Hex(token));
    if (!record || record.usedAt !== null || record.expiresAt.getTime() <= Date.now()) {
      return null;
    }
    const user = await this.users.findById(record.userId);
    return user ? { tokenId: record.id, user } : null;
  }
}

const invalid = (): DomainError => new DomainError('INVALID_RESET_TOKEN', RESET_INVALID);
