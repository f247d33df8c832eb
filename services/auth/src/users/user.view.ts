import type { UserV1 } from '@app/contracts';
import type { UserEntity } from './entities/user.entity';

/** A user as the API shows it; the password hash and session data never leave the service. */
export const toUserV1 = (u: UserEntity): UserV1 => ({
  id: u.id,
  email: u.email,
  is_active: u.isActive,
  is_admin: u.isAdmin,
  created_at: u.createdAt.toISOString(),
  last_login: u.lastLogin ? u.lastLogin.toISOString() : null,
});

/**
 * The instant from which tokens are valid again after a revocation: the next whole second, because
 * `iat` has one-second resolution and every token issued so far must fall before it.
 */
export const revocationInstant = (now: Date): Date => new Date(Math.floor(now.getTime() / 1000) * 1000 + 1000);

/** Whether a token issued at `iat` (seconds) is still honoured for this user. */
export const isSessionValid = (u: Pick<UserEntity, 'isActive' | 'sessionsValidAfter'>, iat: number): boolean =>
  u.isActive && (u.sessionsValidAfter === null || iat * 1000 >= u.sessionsValidAfter.getTime());
