import { Injectable, Logger } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AlertRouteChangedV1, ConnectionChangedV1 } from '@app/contracts';
import { GroupCommit } from '@app/database';
import type { Repository } from 'typeorm';
import { WebhookEndpointEntity } from '../entities/webhook-endpoint.entity';
import { AlertRouteEntity, BrokerConnectionEntity, InactiveUserEntity } from '../entities/read-model.entities';
import { ReadModelMemory } from './read-model-memory';

interface ConnectionRow {
  connection_id: string;
  user_id: string;
  environment: 'demo' | 'live';
  accounts: BrokerConnectionEntity['accounts'];
  access_token_encrypted: string | null;
  expires_at: Date | string | null;
}

const toConnection = (r: ConnectionRow): BrokerConnectionEntity =>
  Object.assign(new BrokerConnectionEntity(), {
    connectionId: r.connection_id,
    userId: r.user_id,
    environment: r.environment,
    accounts: r.accounts,
    accessTokenEncrypted: r.access_token_encrypted,
    expiresAt: r.expires_at === null ? null : new Date(r.expires_at),
  });

/**
 * Execution's copy of alert routes, connections and inactive users, so the webhook hot path asks no other
 * service. Kept in its tables, and also in memory where this process is their one writer (ReadModelMemory):
 * every write here updates the memory once the table has it.
 */
@Injectable()
export class ReadModelRepository implements OnModuleInit {
  private readonly logger = new Logger(ReadModelRepository.name);
  private readonly connectionReads = new GroupCommit((batch: Array<{ ids: string[]; userId: string }>) =>
    this.readConnections(batch),
  );

  constructor(
    @InjectRepository(AlertRouteEntity) private readonly routes: Repository<AlertRouteEntity>,
    @InjectRepository(BrokerConnectionEntity) private readonly connections: Repository<BrokerConnectionEntity>,
    @InjectRepository(InactiveUserEntity) private readonly inactive: Repository<InactiveUserEntity>,
    @InjectRepository(WebhookEndpointEntity) private readonly endpoints: Repository<WebhookEndpointEntity>,
    private readonly memory: ReadModelMemory,
  ) {}

  /** Loads the tables into memory before the service takes its first message (Nest runs this before listening). */
  async onModuleInit(): Promise<void> {
    if (!this.memory.active) {
      return;
    }
    const [endpoints, inactiveUsers, routes, connections] = await Promise.all([
      this.endpoints.find({ select: { userId: true, secretHash: true } }),
      this.inactive.find(),
      this.routes.find(),
      this.connections.find(),
    ]);
    this.memory.load({
      endpoints,
      inactiveUsers: inactiveUsers.map((u) => u.userId),
      routes: routes.map((r) => r.route),
      connections,
    });
    this.logger.log(
      `read model in memory: ${endpoints.length} webhook URL(s), ${routes.length} alert route(s), ${connections.length} connection(s)`,
    );
  }

  /** An administrator's approval or rejection: an inactive user's webhooks are refused (IntakeLookup). */
  async saveUserStatus(userId: string, isActive: boolean): Promise<void> {
    if (isActive) {
      await this.inactive.delete({ userId });
    } else {
      await this.inactive.upsert({ userId }, { conflictPaths: ['userId'], skipUpdateIfNoValuesChanged: true });
    }
    this.memory.setUserStatus(userId, isActive);
  }

  async saveRoute(route: AlertRouteChangedV1): Promise<void> {
    await this.routes.save({ alertId: route.alertId, userId: route.userId, route });
    this.memory.setRoute(route);
  }

  async removeRoute(alertId: string, userId: string): Promise<void> {
    await this.routes.delete({ alertId, userId });
    this.memory.removeRoute(alertId, userId);
  }

  async saveConnection(c: ConnectionChangedV1): Promise<void> {
    const saved = await this.connections.save({
      connectionId: c.connectionId,
      userId: c.userId,
      environment: c.environment,
      accounts: c.accounts,
      accessTokenEncrypted: c.session?.accessTokenEncrypted ?? null,
      expiresAt: c.session ? new Date(c.session.expiresAt) : null,
    });
    this.memory.setConnection(Object.assign(new BrokerConnectionEntity(), saved));
  }

  async removeConnection(connectionId: string, userId: string): Promise<void> {
    await this.connections.delete({ connectionId, userId });
    this.memory.removeConnection(connectionId, userId);
  }

  /**
   * The user's connections among `ids`, by id: the webhook hot path. From memory where it is kept; otherwise one
   * raw statement for all the fan-outs asking at the same moment (group commit), each answered with only its own
   * user's connections.
   */
  connectionsOf(ids: string[], userId: string): Promise<Map<string, BrokerConnectionEntity>> {
    return this.memory.active
      ? Promise.resolve(this.memory.connectionsOf(ids, userId))
      : this.connectionReads.run({ ids, userId });
  }

  private async readConnections(
    batch: Array<{ ids: string[]; userId: string }>,
  ): Promise<Array<Map<string, BrokerConnectionEntity>>> {
    const rows = await this.connections.query<ConnectionRow[]>(
      `SELECT "connection_id", "user_id", "environment", "accounts", "access_token_encrypted", "expires_at"
         FROM "execution"."broker_connections" WHERE "connection_id" = ANY($1::uuid[])`,
      [[...new Set(batch.flatMap((b) => b.ids))]],
    );
    const found = new Map(rows.map((r) => [r.connection_id, r]));
    return batch.map(
      ({ ids, userId }) =>
        new Map(
          ids.flatMap((id) => {
            const r = found.get(id);
            return r && r.user_id === userId ? [[id, toConnection(r)] as const] : [];
          }),
        ),
    );
  }

  /** An alert's route (raw: this runs on every resumed webhook). */
  async route(alertId: string): Promise<AlertRouteChangedV1 | null> {
    if (this.memory.active) {
      return this.memory.route(alertId);
    }
    const rows = await this.routes.query<Array<{ route: AlertRouteChangedV1 }>>(
      'SELECT "route" FROM "execution"."alert_routes" WHERE "alert_id" = $1',
      [alertId],
    );
    return rows[0]?.route ?? null;
  }

  async saveToken(connectionId: string, accessTokenEncrypted: string, expiresAt: Date): Promise<void> {
    await this.connections.update({ connectionId }, { accessTokenEncrypted, expiresAt });
    this.memory.setToken(connectionId, accessTokenEncrypted, expiresAt);
  }

  async deleteUser(userId: string): Promise<void> {
    await this.routes.delete({ userId });
    await this.connections.delete({ userId });
    await this.inactive.delete({ userId });
    this.memory.deleteUser(userId);
  }
}
