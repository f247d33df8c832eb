import { Injectable } from '@nestjs/common';
import { DomainError, Topic } from '@app/contracts';
import type { AlertRouteChangedV1, MessageContext } from '@app/contracts';
import { MessageBus } from '@app/messaging';
import { ReadModelRepository } from '../read-model/read-model.repository';

/** How an alert routes: the read model first; on a miss ask trading (and remember the answer). */
@Injectable()
export class RouteLookup {
  constructor(
    private readonly bus: MessageBus,
    private readonly readModel: ReadModelRepository,
  ) {}

  async routeOf(alertId: string, ctx: MessageContext): Promise<AlertRouteChangedV1 | null> {
    return (await this.readModel.route(alertId)) ?? this.askTrading(alertId, ctx);
  }

  /**
   * The read model does not have the alert (yet): trading owns it. Null when trading knows no such alert of the
   * user; when trading cannot answer, a SERVICE_UNAVAILABLE error, never a null: an alert that may well exist is
   * not to be reported missing (a webhook answered 404, a resumed one failed for good).
   */
  async askTrading(alertId: string, ctx: MessageContext): Promise<AlertRouteChangedV1 | null> {
    const reply = await this.bus.request(Topic.AlertsRoute, { alertId }, ctx, { timeoutMs: 1500 });
    if (!reply.ok && reply.error.code === 'NOT_FOUND') {
      return null;
    }
    if (!reply.ok) {
      throw new DomainError(
        'SERVICE_UNAVAILABLE',
        `Alert ${alertId} could not be looked up just now (${reply.error.message}); nothing was placed. Send it again.`,
      );
    }
    await this.readModel.saveRoute(reply.data);
    return reply.data;
  }
}
