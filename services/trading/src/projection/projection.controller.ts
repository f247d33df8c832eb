import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Topic, contextOf } from '@app/contracts';
import { OnEvent } from '@app/messaging';
import type { EventMsg } from '@app/messaging';
import { ProjectionService } from './projection.service';

/** Facts from other services that change what trading holds. */
@Controller()
export class ProjectionController {
  constructor(private readonly projection: ProjectionService) {}

  @OnEvent(Topic.ConnectionChanged)
  onConnectionChanged(@Payload() msg: EventMsg<Topic.ConnectionChanged>): Promise<void> {
    return this.projection.connectionChanged(msg.payload, contextOf(msg));
  }

  @OnEvent(Topic.ConnectionRemoved)
  onConnectionRemoved(@Payload() msg: EventMsg<Topic.ConnectionRemoved>): Promise<void> {
    return this.projection.connectionRemoved(msg.payload.connectionId, msg.payload.userId, contextOf(msg));
  }

  @OnEvent(Topic.UserDeleted)
  onUserDeleted(@Payload() msg: EventMsg<Topic.UserDeleted>): Promise<void> {
    return this.projection.userDeleted(msg.payload.userId, contextOf(msg));
  }
}
