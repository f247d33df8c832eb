import type { AlertRouteChangedV1 } from '@app/contracts';
import type { BrokerConnectionEntity } from '../entities/read-model.entities';

/** Everything the read model holds, as loaded from its tables at start. */
export interface ReadModelSnapshot {
  endpoints: Array<{ userId: string; secretHash: string }>;
  inactiveUsers: string[];
  routes: AlertRouteChangedV1[];
  connections: BrokerConnectionEntity[];
}

/** What a webhook's secret and alert id come to, from memory. */
export interface MemoryIntake {
  userId: string | null;
  inactive: boolean;
  route: AlertRouteChangedV1 | null;
}

/**
 * Execution's read model (webhook secrets, inactive users, alert routes, connections) held in memory, so the
 * webhook hot path answers who sent a webhook, where it goes and with which connections without a database
 * round trip: two of the four statements a webhook cost on the embedded database (docs/performance.md).
 *
 * Exact only where this process is the one writer of the read model's tables, so that every change passes
 * through it: the embedded database (standalone mode), which no other process can open. With a shared Postgres,
 * replicas of execution in one consumer group each see part of the events, and a copy here would go stale; the
 * copy is then `active: false`, every call is a no-op, and the tables are read instead. The repositories that
 * write the tables call the setters here once their write has succeeded.
 */
export class ReadModelMemory {
  private readonly userBySecretHash = new Map<string, string>();
  private readonly secretHashByUser = new Map<string, string>();
  private readonly inactiveUsers = new Set<string>();
  private readonly routes = new Map<string, AlertRouteChangedV1>();
  private readonly connections = new Map<string, BrokerConnectionEntity>();

  constructor(readonly active: boolean) {}

  load(snapshot: ReadModelSnapshot): void {
    snapshot.endpoints.forEach((e) => this.setEndpoint(e.userId, e.secretHash));
    snapshot.inactiveUsers.forEach((userId) => this.setUserStatus(userId, false));
    snapshot.routes.forEach((r) => this.setRoute(r));
    snapshot.connections.forEach((c) => this.setConnection(c));
  }

  /** The owner of a secret (by its hash), whether an administrator deactivated them, and the alert's route. */
  intake(secretHash: string, alertId: string | null): MemoryIntake {
    const userId = this.userBySecretHash.get(secretHash) ?? null;
    return {
      userId,
      inactive: userId !== null && this.inactiveUsers.has(userId),
      route: alertId === null ? null : (this.routes.get(alertId) ?? null),
    };
  }

  route(alertId: string): AlertRouteChangedV1 | null {
    return this.routes.get(alertId) ?? null;
  }

  /** The user's connections among `ids` (another user's are left out, as the table read leaves them out). */
  connectionsOf(ids: string[], userId: string): Map<string, BrokerConnectionEntity> {
    const found = new Map<string, BrokerConnectionEntity>();
    for (const id of ids) {
      const c = this.connections.get(id);
      if (c && c.userId === userId) {
        found.set(id, c);
      }
    }
    return found;
  }

  /** A user's webhook secret (by its hash), replacing the one before: the old URL stops working at once. */
  setEndpoint(userId: string, secretHash: string): void {
    if (!this.active) {
      return;
    }
    this.removeEndpoint(userId);
    this.userBySecretHash.set(secretHash, userId);
    this.secretHashByUser.set(userId, secretHash);
  }

  removeEndpoint(userId: string): void {
    const hash = this.secretHashByUser.get(userId);
    if (hash !== undefined) {
      this.userBySecretHash.delete(hash);
      this.secretHashByUser.delete(userId);
    }
  }

  setUserStatus(userId: string, isActive: boolean): void {
    if (this.active && !isActive) {
      this.inactiveUsers.add(userId);
    } else {
      this.inactiveUsers.delete(userId);
    }
  }

  setRoute(route: AlertRouteChangedV1): void {
    if (this.active) {
      this.routes.set(route.alertId, route);
    }
  }

  removeRoute(alertId: string, userId: string): void {
    if (this.routes.get(alertId)?.userId === userId) {
      this.routes.delete(alertId);
    }
  }

  setConnection(connection: BrokerConnectionEntity): void {
    if (this.active) {
      this.connections.set(connection.connectionId, connection);
    }
  }

  removeConnection(connectionId: string, userId: string): void {
    if (this.connections.get(connectionId)?.userId === userId) {
      this.connections.delete(connectionId);
    }
  }

  /** A renewed broker token: a new entry, so that a fan-out already holding the old one keeps what it read. */
  setToken(connectionId: string, accessTokenEncrypted: string, expiresAt: Date): void {
    const c = this.connections.get(connectionId);
    if (c) {
      this.connections.set(connectionId, { ...c, accessTokenEncrypted, expiresAt });
    }
  }

  /** A deleted user: their routes, connections and status (their endpoint goes with EndpointService's row). */
  deleteUser(userId: string): void {
    for (const [id, r] of this.routes) {
      if (r.userId === userId) {
        this.routes.delete(id);
      }
    }
    for (const [id, c] of this.connections) {
      if (c.userId === userId) {
        this.connections.delete(id);
      }
    }
    this.inactiveUsers.delete(userId);
  }
}
