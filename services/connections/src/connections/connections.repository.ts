import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Environment } from '@app/contracts';
import { Repository } from 'typeorm';
import { BrokerAccountEntity } from './entities/broker-account.entity';
import { ConnectionEntity } from './entities/connection.entity';

export interface SyncedAccount {
  brokerAccountId: number;
  name: string;
  accountType: string;
  environment: Environment;
}

/** Connections and their accounts; every read is scoped by the owning user. */
@Injectable()
export class ConnectionsRepository {
  constructor(
    @InjectRepository(ConnectionEntity) private readonly connections: Repository<ConnectionEntity>,
    @InjectRepository(BrokerAccountEntity) private readonly accounts: Repository<BrokerAccountEntity>,
  ) {}

  listByUser(userId: string): Promise<ConnectionEntity[]> {
    return this.connections.find({ where: { userId }, order: { createdAt: 'ASC' } });
  }

  findOwned(userId: string, id: string): Promise<ConnectionEntity | null> {
    return this.connections.findOne({ where: { userId, id } });
  }

  findOAuth(userId: string, brokerUserId: number): Promise<ConnectionEntity | null> {
    return this.connections.findOne({ where: { userId, brokerUserId, authType: 'oauth' } });
  }

  create(fields: Partial<ConnectionEntity>): ConnectionEntity {
    return this.connections.create(fields);
  }

  save(connection: ConnectionEntity): Promise<ConnectionEntity> {
    return this.connections.save(connection);
  }

  async remove(connection: ConnectionEntity): Promise<void> {
    await this.accounts.delete({ connectionId: connection.id, userId: connection.userId });
    await this.connections.delete({ id: connection.id, userId: connection.userId });
  }

  /** Deletes everything of one user; answers the removed connection ids. */
  async removeAllOf(userId: string): Promise<string[]> {
    const owned = await this.connections.find({ where: { userId }, select: { id: true } });
    await this.accounts.delete({ userId });
    await this.connections.delete({ userId });
    return owned.map((c) => c.id);
  }

  accountsOf(connection: ConnectionEntity): Promise<BrokerAccountEntity[]> {
    return this.accounts.find({
      where: { connectionId: connection.id, userId: connection.userId },
      order: { environment: 'ASC', name: 'ASC' },
    });
  }

  accountsOfUser(userId: string): Promise<BrokerAccountEntity[]> {
    return this.accounts.find({ where: { userId }, order: { createdAt: 'ASC', name: 'ASC' } });
  }

  /**
   * Makes the stored accounts match what the broker listed: known ones keep their id (alerts and
   * groups refer to it), new ones are added, vanished ones removed.
   */
  async replaceAccounts(connection: ConnectionEntity, listed: SyncedAccount[]): Promise<void> {
    const current = await this.accountsOf(connection);
    const keyOf = (a: { environment: string; brokerAccountId: number }): string =>
      `${a.environment}:${a.brokerAccountId}`;
    const byKey = new Map(current.map((a) => [keyOf(a), a]));
    const keep = new Set<string>();
    for (const account of listed) {
      const existing = byKey.get(keyOf(account));
      keep.add(keyOf(account));
      await this.accounts.save(
        existing
          ? Object.assign(existing, { name: account.name, accountType: account.accountType })
          : this.accounts.create({ ...account, connectionId: connection.id, userId: connection.userId }),
      );
    }
    const gone = current.filter((a) => !keep.has(keyOf(a))).map((a) => a.id);
    if (gone.length > 0) {
      await this.accounts.delete(gone);
    }
  }
}
