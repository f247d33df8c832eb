import { Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DomainError, Id, Topic } from '@app/contracts';
import type { AlertRouteChangedV1, MessageContext } from '@app/contracts';
import { MessageBus } from '@app/messaging';
import type { EntityManager } from 'typeorm';
import { RouteOutboxRepository } from './route-outbox.repository';
import type { OutboxEntry } from './route-outbox.repository';
import { RoutesRepository } from './routes.repository';

const FLUSH_BATCH = 100;
const SWEEP_MS = 5000;

/**
 * Tells execution how alerts route, through a transactional outbox. A change records the alerts it touched in
 * its own transaction (`stage`, `stageRemoved`); once it committed, `flush` publishes each alert's route as it is
 * then (or its removal) and deletes the entries the broker took. A route is never published for data that was
 * rolled back, and never lost: a crash or a broker outage between the commit and the publish leaves the entries,
 * which the next flush sends (every 5 s, and at start). Publishing an entry twice (two replicas flushing at once,
 * a crash before the delete) is harmless: each event is the alert's current route, keyed by its id.
 */
@Injectable()
export class RoutesService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RoutesService.name);
  private sweep?: NodeJS.Timeout;
  /** The flush running now, and the one queued behind it, which every caller arriving meanwhile shares. */
  private running: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;

  constructor(
    private readonly routes: RoutesRepository,
    private readonly outbox: RouteOutboxRepository,
    private readonly bus: MessageBus,
  ) {}

  onApplicationBootstrap(): void {
    void this.flush();
    this.sweep = setInterval(() => void this.flush(), SWEEP_MS);
    this.sweep.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.sweep);
    await (this.queued ?? this.running);
  }

  /** Records, in the change's transaction, that these alerts of `userId` changed: their routes are to be published. */
  stage(em: EntityManager, alertIds: Iterable<string>, userId: string, ctx: MessageContext): Promise<void> {
    return this.record(em, alertIds, userId, ctx, false);
  }

  /** Records, in the change's transaction, that these alerts of `userId` were removed. */
  stageRemoved(em: EntityManager, alertIds: Iterable<string>, userId: string, ctx: MessageContext): Promise<void> {
    return this.record(em, alertIds, userId, ctx, true);
  }

  private record(
    em: EntityManager,
    alertIds: Iterable<string>,
    userId: string,
    ctx: MessageContext,
    removed: boolean,
  ): Promise<void> {
    return this.outbox.add(
      em,
      [...new Set(alertIds)].map((alertId) => ({ alertId, userId, removed, correlationId: ctx.correlationId })),
    );
  }

  /**
   * Publishes every entry recorded so far; resolves once they were published, or once a publish failed (they stay
   * for the next flush). Never rejects: the change itself is committed, and its route follows when the broker can.
   */
  flush(): Promise<void> {
    // A flush already running may have read the outbox before the caller's entries committed: queue one more.
    this.queued ??= this.running.then(() => {
      this.queued = null;
      this.running = this.drain();
      return this.running;
    });
    return this.queued;
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        const entries = await this.outbox.oldest(FLUSH_BATCH);
        if (entries.length === 0) {
          return;
        }
        await this.publish(entries);
        await this.outbox.remove(entries.map((e) => e.id));
      }
    } catch (err) {
      this.logger.warn({ err }, `alert routes not published yet; retried within ${SWEEP_MS / 1000} s`);
    }
  }

  /** The entries' events in the order they were recorded: each changed alert's current route once, each removal. */
  private async publish(entries: OutboxEntry[]): Promise<void> {
    const changed = entries.filter((e) => !e.removed).map((e) => e.alertId);
    const routes = new Map((await this.routes.resolve([...new Set(changed)], null)).map((r) => [r.alertId, r]));
    const sent = new Set<string>();
    for (const e of entries) {
      const ctx: MessageContext = { correlationId: e.correlationId, userId: e.userId };
      if (e.removed) {
        await this.bus.emit(Topic.AlertRemoved, { alertId: e.alertId, userId: e.userId }, ctx, e.alertId);
        continue;
      }
      // An alert removed since it changed has no route: its removal entry tells execution.
      const route = routes.get(e.alertId);
      if (route && !sent.has(e.alertId)) {
        sent.add(e.alertId);
        await this.bus.emit(Topic.AlertRouteChanged, route, ctx, route.alertId);
      }
    }
    if (sent.size > 0) {
      this.logger.debug({ alerts: sent.size }, 'alert routes published');
    }
  }

  /** One alert's route; `userId` (the webhook's owner) scopes it when known. */
  async routeOf(alertId: string, userId: string | null): Promise<AlertRouteChangedV1> {
    // A system caller may carry no user; a malformed one matches nothing rather than failing the query.
    const scope = userId === null ? null : Id.safeParse(userId).success ? userId : undefined;
    const [route] = scope === undefined ? [] : await this.routes.resolve([alertId], scope);
    if (!route) {
      throw new DomainError('NOT_FOUND', 'Alert not found');
    }
    return route;
  }
}
