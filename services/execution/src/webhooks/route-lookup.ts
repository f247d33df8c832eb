import { Injectable } from '@nestjs/common';
import { Topic } from '@app/contracts';
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

  /** The read model does not have the alert (yet): trading owns it. */
  async askTrading(alertId: string, ctx: MessageContext): Promise<AlertRouteChangedV1 | null> {
    const reply = await this.bus.request(Topic.AlertsRoute, { alertId }, ctx, { timeoutMs: 1500 });
    if (!reply.ok) {
      return null;
    }
    await this.readModel.saveRoute(reply.data);
    return reply.data;
  }
}
