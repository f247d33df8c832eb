import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Topic } from '@app/contracts';
import type { AlertRouteChangedV1 } from '@app/contracts';
import { OnRequest } from '@app/messaging';
import type { Msg } from '@app/messaging';
import { RoutesService } from './routes.service';

@Controller()
export class RoutesController {
  constructor(private readonly routes: RoutesService) {}

  /** Execution's fallback on a read-model miss, sent on behalf of the webhook's owner. */
  @OnRequest(Topic.AlertsRoute)
  route(@Payload() msg: Msg<Topic.AlertsRoute>): Promise<AlertRouteChangedV1> {
    return this.routes.routeOf(msg.payload.alertId, msg.userId);
  }
}
