import { Injectable } from '@nestjs/common';
import { DomainError, Topic } from '@app/contracts';
import type { MessageContext, UserV1 } from '@app/contracts';
import { MessageBus } from '@app/messaging';
import { Mailer } from '../mail/mailer';
import { ResetTokensRepository } from '../password-reset/reset-tokens.repository';
import { UsersRepository } from './users.repository';
import { revocationInstant, toUserV1 } from './user.view';

/** What administrators do to users: list, approve or reject, delete. */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly resetTokens: ResetTokensRepository,
    private readonly mailer: Mailer,
    private readonly bus: MessageBus,
  ) {}

  async list(ctx: MessageContext): Promise<UserV1[]> {
    await this.assertAdmin(ctx.userId);
    return (await this.users.listNewestFirst()).map(toUserV1);
  }

  /** Approving mails the user; rejecting ends their sessions at once. */
  async setStatus(ctx: MessageContext, id: string, isActive: boolean): Promise<UserV1> {
    const actorId = await this.assertAdmin(ctx.userId);
    if (id === actorId && !isActive) {
      throw new DomainError('CANNOT_MODIFY_SELF', "You can't deactivate your own account.");
    }
    const user = await this.users.findById(id);
    if (!user) {
      throw notFound();
    }
    const changes = isActive ? { isActive } : { isActive, sessionsValidAfter: revocationInstant(new Date()) };
    const updated = (await this.users.update(id, changes)) ?? user;
    if (isActive && !user.isActive) {
      this.mailer.sendLater(
        {
          to: updated.email,
          subject: 'Your QuantLynk account has been approved',
          text: `Good news: an administrator approved your QuantLynk account.\n\nSign in here:\n${this.mailer.link('/login')}\n`,
        },
        ctx.correlationId,
      );
    }
    await this.bus.emit(Topic.UserStatusChanged, { userId: id, isActive }, ctx, id);
    return toUserV1(updated);
  }

  async delete(ctx: MessageContext, id: string): Promise<Record<string, never>> {
    const actorId = await this.assertAdmin(ctx.userId);
    if (id === actorId) {
      throw new DomainError('CANNOT_MODIFY_SELF', "You can't delete your own account.");
    }
    if (!(await this.users.delete(id))) {
      throw notFound();
    }
    await this.bus.emit(Topic.UserDeleted, { userId: id }, ctx, id);
    return {};
  }

  /** Our own part of a user's deletion: their reset tokens (the row itself is already gone). */
  async onUserDeleted(userId: string): Promise<void> {
    await this.resetTokens.deleteForUser(userId);
  }

  /** The gateway checks the role too; the owner of the data checks it again, from the database. */
  private async assertAdmin(userId: string | null): Promise<string> {
    const actor = userId ? await this.users.findById(userId) : null;
    if (!actor?.isAdmin || !actor.isActive) {
      throw new DomainError('FORBIDDEN', "You don't have permission to access this page.");
    }
    return actor.id;
  }
}

const notFound = (): DomainError => new DomainError('NOT_FOUND', 'User not found.');
