import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Topic } from '@app/contracts';
import { OnEvent } from '@app/messaging';
import type { EventMsg } from '@app/messaging';
import { ReadModelRepository } from './read-model.repository';

/** Keeps the read model current from the compacted state events of trading, connections and auth. */
@Controller()
export class ReadModelController {
  constructor(private readonly readModel: ReadModelRepository) {}

  @OnEvent(Topic.AlertRouteChanged)
  onRoute(@Payload() msg: EventMsg<Topic.AlertRouteChanged>): Promise<void> {
    return this.readModel.saveRoute(msg.payload);
  }

  @OnEvent(Topic.AlertRemoved)
  onAlertRemoved(@Payload() msg: EventMsg<Topic.AlertRemoved>): Promise<void> {
    return this.readModel.removeRoute(msg.payload.alertId, msg.payload.userId);
  }

  @OnEvent(Topic.ConnectionChanged)
  onConnection(@Payload() msg: EventMsg<Topic.ConnectionChanged>): Promise<void> {
    return this.readModel.saveConnection(msg.payload);
  }

  @OnEvent(Topic.UserStatusChanged)
  onUserStatus(@Payload() msg: EventMsg<Topic.UserStatusChanged>): Promise<void> {
    return this.readModel.saveUserStatus(msg.payload.userId, msg.payload.isActive);
  }

  @OnEvent(Topic.ConnectionRemoved)
  onConnectionRemoved(@Payload() msg: EventMsg<Topic.ConnectionRemoved>): Promise<void> {
    return this.readModel.removeConnection(msg.payload.connectionId, msg.payload.userId);
  }
}
