import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AlertRouteChangedV1, ConnectionChangedV1 } from '@app/contracts';
import { GroupCommit } from '@app/database';
import type { Repository } from 'typeorm';
import { AlertRouteEntity, BrokerConnectionEntity, InactiveUserEntity } from '../entities/read-model.entities';

interface ConnectionRow {
  connection_id: string;
  user_id: string;
  environment: 'demo' | 'live';
  accounts: BrokerConnectionEntity['accounts'];
  access_token_encrypted: string | null;
  expires_at: Date | string | null;
}

const toConnection = (r: ConnectionRow): BrokerConnectionEntity => Object.assign(new BrokerConnectionEntity(), {
  connectionId: r.connection_id, userId: r.user_id, environment: r.environment, accounts: r.accounts,
  accessTokenEncrypted: r.access_token_encrypted, expiresAt: r.expires_at === null ? null : new Date(r.expires_at),
});

/** Execution's copy of alert routes and connections, so the webhook hot path asks no other service. */
@Injectable()
export class ReadModelRepository {
  private readonly connectionReads = new GroupCommit((batch: Array<{ ids: string[]; userId: string }>) => this.readConnections(batch));

  constructor(
    @InjectRepository(AlertRouteEntity) private readonly routes: Repository<AlertRouteEntity>,
    @InjectRepository(BrokerConnectionEntity) private readonly connections: Repository<BrokerConnectionEntity>,
    @InjectRepository(InactiveUserEntity) private readonly inactive: Repository<InactiveUserEntity>,
  ) {}

  /** An administrator's approval or rejection: an inactive user's webhooks are refused (IntakeLookup). */
  async saveUserStatus(userId: string, isActive: boolean): Promise<void> {
    if (isActive) {
      await this.inactive.delete({ userId });
    } else {
      await this.inactive.upsert({ userId }, { conflictPaths: ['userId'], skipUpdateIfNoValuesChanged: true });
    }
  }

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

  /**
   * The user's connections among `ids`, by id: the webhook hot path, so one raw statement for all the fan-outs
   * asking at the same moment (group commit), each answered with only its own user's connections.
   */
  connectionsOf(ids: string[], userId: string): Promise<Map<string, BrokerConnectionEntity>> {
    return this.connectionReads.run({ ids, userId });
  }

  private async readConnections(batch: Array<{ ids: string[]; userId: string }>): Promise<Array<Map<string, BrokerConnectionEntity>>> {
    const rows = await this.connections.query<ConnectionRow[]>(
      `SELECT "connection_id", "user_id", "environment", "accounts", "access_token_encrypted", "expires_at"
         FROM "execution"."broker_connections" WHERE "connection_id" = ANY($1::uuid[])`,
      [[...new Set(batch.flatMap((b) => b.ids))]],
    );
    const found = new Map(rows.map((r) => [r.connection_id, r]));
    return batch.map(({ ids, userId }) => new Map(ids.flatMap((id) => {
      const r = found.get(id);
      return r && r.user_id === userId ? [[id, toConnection(r)] as const] : [];
    })));
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
    await this.inactive.delete({ userId });
  }
}
