import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AlertRouteChangedV1, ConnectionChangedV1 } from '@app/contracts';
import type { Repository } from 'typeorm';
import { AlertRouteEntity, BrokerConnectionEntity } from '../entities/read-model.entities';

/** Execution's copy of alert routes and connections, so the webhook hot path asks no other service. */
@Injectable()
export class ReadModelRepository {
  constructor(
    @InjectRepository(AlertRouteEntity) private readonly routes: Repository<AlertRouteEntity>,
    @InjectRepository(BrokerConnectionEntity) private readonly connections: Repository<BrokerConnectionEntity>,
  ) {}

  async saveRoute(route: AlertRouteChangedV1): Promise<void> {
    await this.routes.save({ alertId: route.alertId, userId: route.userId, route });
  }

  async removeRoute(alertId: string, userId: string): Promise<void> {
    await this.routes.delete({ alertId, userId });
  }

  async route(alertId: string): Promise<AlertRouteChangedV1 | null> {
    return (await this.routes.findOneBy({ alertId }))?.route ?? null;
  }

  async saveConnection(c: ConnectionChangedV1): Promise<void> {
    await this.connections.save({
      connectionId: c.connectionId,
      userId: c.userId,
      environment: c.environment,
      accounts: c.accounts,
      accessTokenEncrypted: c.session?.accessTokenEncrypted ?? null,
      expiresAt: c.session ? new Date(c.session.expiresAt) : null,
    });
  }

  async removeConnection(connectionId: string, userId: string): Promise<void> {
    await this.connections.delete({ connectionId, userId });
  }

  connection(connectionId: string, userId: string): Promise<BrokerConnectionEntity | null> {
    return this.connections.findOneBy({ connectionId, userId });
  }

  async saveToken(connectionId: string, accessTokenEncrypted: string, expiresAt: Date): Promise<void> {
    await this.connections.update({ connectionId }, { accessTokenEncrypted, expiresAt });
  }

  async deleteUser(userId: string): Promise<void> {
    await this.routes.delete({ userId });
    await this.connections.delete({ userId });
  }
}
