import { createHash } from 'node:crypto';
import type { DomainError } from '@app/contracts';
import { FakeHasher, FakeMailer, FakeResetTokens, FakeUsers, userRow } from '../../test/fakes';
import type { PasswordHasher } from '../accounts/password-hasher';
import type { Mailer } from '../mail/mailer';
import type { UsersRepository } from '../users/users.repository';
import { PasswordResetService, RESET_INVALID, RESET_SENT, RESET_UNAVAILABLE } from './password-reset.service';
import type { ResetTokensRepository } from './reset-tokens.repository';

describe(PasswordResetService.name, () => {
  let users: FakeUsers;
  let tokens: FakeResetTokens;
  let mailer: FakeMailer;
  const user = userRow({ id: 'u1', email: 'a@example.com' });

  /** 'smtp': a mail server; 'token-in-reply': none, RESET_TOKEN_IN_REPLY set (a local trial); 'none': neither. */
  const make = (mail: 'smtp' | 'token-in-reply' | 'none'): PasswordResetService => {
    mailer = new FakeMailer(mail === 'smtp');
    return new PasswordResetService(
      users as unknown as UsersRepository,
      tokens as unknown as ResetTokensRepository,
      new FakeHasher() as unknown as PasswordHasher,
      mailer as unknown as Mailer,
      { RESET_TOKEN_IN_REPLY: mail === 'token-in-reply' },
    );
  };

  beforeEach(() => {
    users = new FakeUsers();
    tokens = new FakeResetTokens();
    users.rows.set(user.id, { ...user });
  });

  describe('forgot', () => {
    it('should refuse every address alike, and store nothing, with no mail server and no opt-in to tokens in replies', async () => {
      const sut = make('none');

      for (const email of ['a@example.com', 'ghost@example.com']) {
        await expect(sut.forgot(email)).rejects.toMatchObject({ code: 'UNPROCESSABLE', message: RESET_UNAVAILABLE });
      }
      expect(tokens.rows).toHaveLength(0);
      expect(mailer.sent).toHaveLength(0);
    });

    it('should return the token when a local trial opts in (no mail server) and store only its sha256, valid one hour', async () => {
      const sut = make('token-in-reply');

      const res = await sut.forgot('a@example.com');

      expect(res.message).toBe(RESET_SENT);
      expect(tokens.rows).toHaveLength(1);
      expect(tokens.rows[0].tokenHash).toBe(
        createHash('sha256')
          .update(res.reset_token ?? '')
          .digest('hex'),
      );
      expect(tokens.rows[0].expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
      expect(tokens.rows[0].expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
    });

    it('should mail the link and not return the token with a mail server', async () => {
      const sut = make('smtp');

      const res = await sut.forgot('a@example.com');

      expect(res).toEqual({ message: RESET_SENT });
      expect(mailer.sent).toHaveLength(1);
      expect(mailer.sent[0].to).toBe('a@example.com');
      expect(mailer.sent[0].text).toMatch(/https:\/\/app\.test\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    });

    it('should answer the same and store nothing for an unknown email', async () => {
      const sut = make('token-in-reply');

      expect(await sut.forgot('ghost@example.com')).toEqual({ message: RESET_SENT });
      expect(tokens.rows).toHaveLength(0);
    });
  });

  describe('reset', () => {
    it('should set the password, spend the token and revoke sessions', async () => {
      const sut = make('token-in-reply');
      const token = (await sut.forgot('a@example.com')).reset_token ?? '';

      await sut.reset(token, 'new-password-1');

      const row = users.rows.get('u1');
      expect(row?.passwordHash).toBe('hash:new-password-1');
      expect(row?.sessionsValidAfter?.getTime()).toBeGreaterThan(Date.now());
      expect(tokens.rows[0].usedAt).toBeInstanceOf(Date);
      await expect(sut.validate(token)).resolves.toEqual({ valid: false, email: null });
    });

    it.each([
      ['an unknown token', () => 'nope'],
      ['an expired token', () => 'expired'],
    ])('should refuse %s', async (_case, tokenOf) => {
      const sut = make('token-in-reply');
      await tokens.create('u1', createHash('sha256').update('expired').digest('hex'), new Date(Date.now() - 1000));

      const err = await sut.reset(tokenOf(), 'new-password-1').catch((e: DomainError) => e);

      expect(err).toMatchObject({ code: 'INVALID_RESET_TOKEN', message: RESET_INVALID });
      expect(users.rows.get('u1')?.passwordHash).toBe('hash:password-1');
    });

    it('should refuse a token whose user is gone', async () => {
      const sut = make('token-in-reply');
      const token = (await sut.forgot('a@example.com')).reset_token ?? '';
      users.rows.delete('u1');

      await expect(sut.reset(token, 'new-password-1')).rejects.toMatchObject({ code: 'INVALID_RESET_TOKEN' });
    });
  });

  describe('validate', () => {
    it('should answer the email of a usable token', async () => {
      const sut = make('token-in-reply');
      const token = (await sut.forgot('a@example.com')).reset_token ?? '';

      await expect(sut.validate(token)).resolves.toEqual({ valid: true, email: 'a@example.com' });
    });
  });
});
