import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SecretBox } from '@app/common';
import { DomainError } from '@app/contracts';
import type { AccountV1, ConnectionV1, CreateConnectionV1, MessageContext, UpdateConnectionV1 } from '@app/contracts';
import { APP_CONFIG } from '@app/messaging';
import type { ConnectionsConfig } from '../connections.settings';
import { ConnectionEvents } from './connection.events';
import { toAccountView, toConnectionView } from './connection.view';
import { ConnectionsRepository } from './connections.repository';
import type { ConnectionEntity } from './entities/connection.entity';

export const DEFAULT_APP_ID = 'TVTradovate';
export const DEFAULT_APP_VERSION = '0.0.1';

/**
 * Fields that identify a credentials connection's broker login: changing one makes the stored token
 * meaningless. An OAuth connection's token was granted to the user who signed in at Tradovate; its
 * username is the name that sign-in answered and is only shown, so editing it keeps the session.
 */
const LOGIN_FIELDS = ['username', 'environment', 'appId', 'appVersion', 'deviceId', 'cid'] as const;

/** The owner's connections: create, edit, list, delete. Broker calls live in ConnectionSyncService. */
@Injectable()
export class ConnectionsService {
  constructor(
    private readonly repo: ConnectionsRepository,
    private readonly box: SecretBox,
    private readonly events: ConnectionEvents,
    @Inject(APP_CONFIG) private readonly config: ConnectionsConfig,
  ) {}

  async list(userId: string | null): Promise<ConnectionV1[]> {
    const rows = userId ? await this.repo.listByUser(userId) : [];
    return rows.map((c) => this.view(c));
  }

  /**
   * A new credential connection starts `expired` (no broker session yet) unless the caller sets a
   * status: it becomes `active` once Test or Refresh signs in.
   */
  async create(userId: string | null, input: CreateConnectionV1, ctx: MessageContext): Promise<ConnectionV1> {
    const owner = this.requireUser(userId);
    const c = this.repo.create({
      userId: owner,
      nickname: input.nickname,
      username: input.username || null,
      environment: input.environment ?? 'demo',
      authType: 'credentials',
      passwordEnc: input.password ? this.box.encrypt(input.password) : null,
      appId: input.appId || DEFAULT_APP_ID,
      appVersion: input.appVersion || DEFAULT_APP_VERSION,
      deviceId: input.deviceId || randomUUID(),
      cid: input.cid ?? null,
      secEnc: input.sec ? this.box.encrypt(input.sec) : null,
      status: input.status ?? 'expired',
      connectedAccounts: input.connectedAccounts ?? [],
    });
    const saved = await this.repo.save(c);
    await this.events.changed(saved, ctx);
    return this.view(saved);
  }

  /** Changes what the body names. Blank password/secret means "keep" (the form never sees them). */
  async update(userId: string | null, input: UpdateConnectionV1, ctx: MessageContext): Promise<ConnectionV1> {
    const c = await this.owned(userId, input.id);
    const loginChanged =
      c.authType === 'credentials' &&
      (LOGIN_FIELDS.some((f) => input[f] !== undefined && (input[f] || null) !== (c[f] || null)) ||
        Boolean(input.password) ||
        Boolean(input.sec));
    if (input.nickname !== undefined) {
      c.nickname = input.nickname;
    }
    if (input.username !== undefined) {
      c.username = input.username || null;
    }
    if (input.environment !== undefined) {
      c.environment = input.environment;
    }
    if (input.password) {
      c.passwordEnc = this.box.encrypt(input.password);
    }
    if (input.sec) {
      c.secEnc = this.box.encrypt(input.sec);
    }
    c.appId = input.appId || c.appId;
    c.appVersion = input.appVersion || c.appVersion;
    c.deviceId = input.deviceId || c.deviceId;
    if (input.cid !== undefined) {
      c.cid = input.cid;
    }
    if (input.connectedAccounts !== undefined) {
      c.connectedAccounts = input.connectedAccounts;
    }
    if (loginChanged) {
      // The old session belongs to the old login: drop it until the next Test.
      c.accessTokenEnc = null;
      c.tokenExpiresAt = null;
      c.status = 'expired';
    }
    if (input.status !== undefined) {
      c.status = input.status;
    }
    const saved = await this.repo.save(c);
    await this.events.changed(saved, ctx);
    return this.view(saved);
  }

  async remove(userId: string | null, id: string, ctx: MessageContext): Promise<{ success: true }> {
    const c = await this.owned(userId, id);
    await this.repo.remove(c);
    await this.events.removed(c.id, c.userId, ctx);
    return { success: true };
  }

  async accounts(userId: string | null): Promise<AccountV1[]> {
    if (!userId) {
      return [];
    }
    const [connections, accounts] = await Promise.all([this.repo.listByUser(userId), this.repo.accountsOfUser(userId)]);
    const byId = new Map(connections.map((c) => [c.id, c]));
    return accounts.map((a) => toAccountView(a, byId.get(a.connectionId)));
  }

  async removeUser(userId: string, ctx: MessageContext): Promise<void> {
    const ids = await this.repo.removeAllOf(userId);
    for (const id of ids) {
      await this.events.removed(id, userId, ctx);
    }
  }

  view(c: ConnectionEntity): ConnectionV1 {
    return toConnectionView(c, this.config.TRADOVATE_SANDBOX);
  }

  private async owned(userId: string | null, id: string): Promise<ConnectionEntity> {
    const c = userId ? await this.repo.findOwned(userId, id) : null;
    if (!c) {
      throw new DomainError('NOT_FOUND', 'Connection not found');
    }
    return c;
  }

  private requireUser(userId: string | null): string {
    if (!userId) {
      throw new DomainError('UNAUTHORIZED', 'Not authenticated. Please sign in.');
    }
    return userId;
  }
}
