import { randomUUID } from 'node:crypto';
import { Topic } from '@app/contracts';
import type { ConnectionChangedV1, Envelope, EventOf } from '@app/contracts';
import { BUS_CLIENT, MessageBus } from '@app/messaging';
import type { InProcessBroker, InProcessClient } from '@app/messaging';
import type { StandaloneApp } from '@app/testing/standalone-app';

/**
 * Test data for trading through the standalone app: connections arrive as the connections service
 * would announce them (events on the bus), and the events trading emits are recorded.
 */
export function connectionEvent(
  userId: string,
  over: Partial<ConnectionChangedV1> = {},
  accountCount = 2,
): ConnectionChangedV1 {
  const connectionId = over.connectionId ?? randomUUID();
  const environment = over.environment ?? 'demo';
  return {
    connectionId,
    userId,
    nickname: `nick-${connectionId.slice(0, 4)}`,
    username: `trader-${connectionId.slice(0, 4)}`,
    environment,
    status: 'active',
    accounts: Array.from({ length: accountCount }, (_, i) => ({
      id: randomUUID(),
      brokerAccountId: 1000 + i,
      name: `ACC-${connectionId.slice(0, 4)}-${i}`,
      accountType: 'Customer',
      environment,
    })),
    session: null,
    ...over,
  };
}

export class TradingBus {
  readonly routes: EventOf<Topic.AlertRouteChanged>[] = [];
  readonly removed: EventOf<Topic.AlertRemoved>[] = [];
  readonly bus: MessageBus;

  constructor(sut: StandaloneApp) {
    this.bus = sut.app.get(MessageBus);
    const broker = sut.app.get<InProcessClient>(BUS_CLIENT).unwrap<InProcessBroker>();
    broker.register('trading-test', Topic.AlertRouteChanged, (m) => this.record(this.routes, m), true);
    broker.register('trading-test', Topic.AlertRemoved, (m) => this.record(this.removed, m), true);
  }

  /** Emits as the connections service would; resolves once every consumer has handled it. */
  async connectionChanged(c: ConnectionChangedV1): Promise<ConnectionChangedV1> {
    await this.bus.emit(Topic.ConnectionChanged, c, { correlationId: 'test', userId: c.userId }, c.connectionId);
    return c;
  }

  async connectionRemoved(c: { connectionId: string; userId: string }): Promise<void> {
    await this.bus.emit(Topic.ConnectionRemoved, c, { correlationId: 'test', userId: c.userId }, c.connectionId);
  }

  async userDeleted(userId: string): Promise<void> {
    await this.bus.emit(Topic.UserDeleted, { userId }, { correlationId: 'test', userId: null });
  }

  /** The last route published for an alert. */
  lastRoute(alertId: string): EventOf<Topic.AlertRouteChanged> | undefined {
    return this.routes.filter((r) => r.alertId === alertId).at(-1);
  }

  clear(): void {
    this.routes.length = 0;
    this.removed.length = 0;
  }

  private record<T>(into: T[], msg: unknown): Promise<void> {
    into.push((msg as Envelope<T>).payload);
    return Promise.resolve();
  }
}

/** A REST answer that is the resource on success and the error shape otherwise. */
export type Answer<T> = T & { code?: string; detail?: unknown };
