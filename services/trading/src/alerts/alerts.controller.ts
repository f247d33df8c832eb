import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Topic, contextOf } from '@app/contracts';
import type { AlertV1 } from '@app/contracts';
import { OnRequest } from '@app/messaging';
import type { Msg } from '@app/messaging';
import { userOf } from '../shared/user-of';
import { AlertsService } from './alerts.service';

@Controller()
export class AlertsController {
  constructor(private readonly alerts: AlertsService) {}

  @OnRequest(Topic.AlertsList)
  list(@Payload() msg: Msg<Topic.AlertsList>): Promise<AlertV1[]> {
    return this.alerts.list(userOf(msg));
  }

  @OnRequest(Topic.AlertsCreate)
  create(@Payload() msg: Msg<Topic.AlertsCreate>): Promise<AlertV1> {
    return this.alerts.create(userOf(msg), msg.payload, contextOf(msg));
  }

  @OnRequest(Topic.AlertsUpdate)
  update(@Payload() msg: Msg<Topic.AlertsUpdate>): Promise<AlertV1> {
    const { id, ...changes } = msg.payload;
    return this.alerts.update(userOf(msg), id, changes, contextOf(msg));
  }

  @OnRequest(Topic.AlertsDelete)
  remove(@Payload() msg: Msg<Topic.AlertsDelete>): Promise<{ id: string }> {
    return this.alerts.remove(userOf(msg), msg.payload.id, contextOf(msg));
  }
}
