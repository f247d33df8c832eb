import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AlertRouteChangedV1, ConnectionChangedV1 } from '@app/contracts';
import type { Repository } from 'typeorm';
import { AlertRouteEntity, BrokerConnectionEntity } from '../entities/read-model.entities';

interface ConnectionRow {
  connection_id: string;
  user_id: string;
  environment: 'demo' | 'live';
  accounts: BrokerConnectionEntity['accounts'];
  access_token_encrypted: string | null;
  expires_at: Date | string | null;
}

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

  /** The user's connections among `ids`, by id: one raw statement per fan-out (the webhook hot path). */
  async connectionsOf(ids: string[], userId: string): Promise<Map<string, BrokerConnectionEntity>> {
    const rows = await this.connections.query<ConnectionRow[]>(
      `SELECT "connection_id", "user_id", "environment", "accounts", "access_token_encrypted", "expires_at"
         FROM "execution"."broker_connections" WHERE "connection_id" = ANY($1::uuid[]) AND "user_id" = $2`,
      [ids, userId],
    );
    return new Map(rows.map((r) => [r.connection_id, Object.assign(new BrokerConnectionEntity(), {
      connectionId: r.connection_id, userId: r.user_id, environment: r.environment, accounts: r.accounts,
      accessTokenEncrypted: r.access_token_encrypted, expiresAt: r.expires_at === null ? null : new Date(r.expires_at),
    })]));
  }

  /** An alert's route (raw: this runs on every webhook). */
  async route(alertId: string): Promise<AlertRouteChangedV1 | null> {
    const rows = await this.routes.query<Array<{ route: AlertRouteChangedV1 }>>('SELECT "route" FROM "execution"."alert_routes" WHERE "alert_id" = $1', [alertId]);
    return rows[0]?.route ?? null;
  }

  async saveToken(connectionId: string, accessTokenEncrypted: string, expiresAt: Date): Promise<void> {
    await this.connections.update({ connectionId }, { accessTokenEncrypted, expiresAt });
  }

  async deleteUser(userId: string): Promise<void> {
    await this.routes.delete({ userId });
    await this.connections.delete({ userId });
  }
}
