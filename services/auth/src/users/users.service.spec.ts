import { Topic } from '@app/contracts';
import type { MessageBus } from '@app/messaging';
import { FakeMailer, FakeResetTokens, FakeUsers, userRow } from '../../test/fakes';
import type { Mailer } from '../mail/mailer';
import type { ResetTokensRepository } from '../password-reset/reset-tokens.repository';
import type { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

describe(UsersService.name, () => {
  let users: FakeUsers;
  let tokens: FakeResetTokens;
  let mailer: FakeMailer;
  let emitted: { topic: string; payload: unknown; key?: string }[];
  let sut: UsersService;
  const admin = userRow({ id: 'admin', email: 'root@example.com', isAdmin: true });
  const ctx = { correlationId: 'req-1', userId: 'admin' };

  beforeEach(() => {
    users = new FakeUsers();
    tokens = new FakeResetTokens();
    mailer = new FakeMailer(true);
    emitted = [];
    const bus = {
      emit: (topic: string, payload: unknown, _ctx: unknown, key?: string) => {
        emitted.push({ topic, payload, key });
        return Promise.resolve();
      },
    };
    users.rows.set(admin.id, { ...admin });
    sut = new UsersService(
      users as unknown as UsersRepository,
      tokens as unknown as ResetTokensRepository,
      mailer as unknown as Mailer,
      bus as unknown as MessageBus,
    );
  });

  describe('list', () => {
    it('should list newest first for an admin', async () => {
      users.rows.set('old', userRow({ id: 'old', createdAt: new Date(1000) }));

      expect((await sut.list(ctx)).map((u) => u.id)).toEqual(['admin', 'old']);
    });

    it('should refuse a non-admin even if the gateway let them through', async () => {
      users.rows.set('u', userRow({ id: 'u' }));

      await expect(sut.list({ ...ctx, userId: 'u' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    });
  });

  describe('setStatus', () => {
    it('should approve, mail a sign-in link and emit the change keyed by user', async () => {
      users.rows.set('u', userRow({ id: 'u', email: 'u@example.com', isActive: false }));

      const res = await sut.setStatus(ctx, 'u', true);

      expect(res.is_active).toBe(true);
      expect(mailer.sent).toEqual([
        expect.objectContaining({ to: 'u@example.com', text: expect.stringContaining('https://app.test/login') }),
      ]);
      expect(emitted).toEqual([{ topic: Topic.UserStatusChanged, payload: { userId: 'u', isActive: true }, key: 'u' }]);
    });

    it('should not mail again when the user already was active', async () => {
      users.rows.set('u', userRow({ id: 'u' }));

      await sut.setStatus(ctx, 'u', true);

      expect(mailer.sent).toHaveLength(0);
    });

    it('should revoke sessions on deactivation', async () => {
      users.rows.set('u', userRow({ id: 'u' }));

      await sut.setStatus(ctx, 'u', false);

      expect(users.rows.get('u')?.sessionsValidAfter?.getTime()).toBeGreaterThan(Date.now());
    });

    it('should refuse deactivating oneself and unknown users', async () => {
      await expect(sut.setStatus(ctx, 'admin', false)).rejects.toMatchObject({ code: 'CANNOT_MODIFY_SELF' });
      await expect(sut.setStatus(ctx, 'ghost', true)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      expect(emitted).toHaveLength(0);
    });
  });

  describe('delete', () => {
    it('should delete and emit UserDeleted', async () => {
      users.rows.set('u', userRow({ id: 'u' }));

      await sut.delete(ctx, 'u');

      expect(users.rows.has('u')).toBe(false);
      expect(emitted).toEqual([{ topic: Topic.UserDeleted, payload: { userId: 'u' }, key: 'u' }]);
    });

    it('should refuse deleting oneself and unknown users', async () => {
      await expect(sut.delete(ctx, 'admin')).rejects.toMatchObject({ code: 'CANNOT_MODIFY_SELF' });
      await expect(sut.delete(ctx, 'ghost')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });
  });

  describe('onUserDeleted', () => {
    it("should drop the user's reset tokens", async () => {
      await tokens.create('u', 'h1', new Date());
      await tokens.create('other', 'h2', new Date());

      await sut.onUserDeleted('u');

      expect(tokens.rows.map((r) => r.userId)).toEqual(['other']);
    });
  });
});
