import { Injectable, Logger } from '@nestjs/common';
import { DomainError, Id, Topic } from '@app/contracts';
import type { AlertRouteChangedV1, MessageContext } from '@app/contracts';
import { MessageBus } from '@app/messaging';
import { RoutesRepository } from './routes.repository';

/**
 * Tells execution how alerts route. Called after the change is committed, so a route is never
 * published for data that was rolled back.
 */
@Injectable()
export class RoutesService {
  private readonly logger = new Logger(RoutesService.name);

  constructor(
    private readonly routes: RoutesRepository,
    private readonly bus: MessageBus,
  ) {}

  /** Publishes the current route of each alert (keyed by alert id, so the compacted topic keeps the latest). */
  async publish(alertIds: Iterable<string>, ctx: MessageContext): Promise<void> {
    const routes = await this.routes.resolve([...new Set(alertIds)], null);
    for (const route of routes) {
      await this.bus.emit(Topic.AlertRouteChanged, route, ctx, route.alertId);
    }
    if (routes.length > 0) {
      this.logger.debug({ alerts: routes.length }, 'alert routes published');
    }
  }

  async publishRemoved(alerts: { id: string; userId: string }[], ctx: MessageContext): Promise<void> {
    for (const a of alerts) {
      await this.bus.emit(Topic.AlertRemoved, { alertId: a.id, userId: a.userId }, ctx, a.id);
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
