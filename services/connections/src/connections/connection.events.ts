import { Injectable } from '@nestjs/common';
import { Topic } from '@app/contracts';
import type { MessageContext } from '@app/contracts';
import { MessageBus } from '@app/messaging';
import { toConnectionChanged } from './connection.view';
import { ConnectionsRepository } from './connections.repository';
import type { ConnectionEntity } from './entities/connection.entity';

/** Publishes connection state (compacted, keyed by connection id) for execution's read model. */
@Injectable()
export class ConnectionEvents {
  constructor(
    private readonly bus: MessageBus,
    private readonly repo: ConnectionsRepository,
  ) {}

  async changed(connection: ConnectionEntity, ctx: MessageContext): Promise<void> {
    const accounts = await this.repo.accountsOf(connection);
    await this.bus.emit(Topic.ConnectionChanged, toConnectionChanged(connection, accounts), ctx, connection.id);
  }

  async removed(connectionId: string, userId: string, ctx: MessageContext): Promise<void> {
    await this.bus.emit(Topic.ConnectionRemoved, { connectionId, userId }, ctx, connectionId);
  }
}
