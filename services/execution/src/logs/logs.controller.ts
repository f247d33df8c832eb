import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DomainError, Topic } from '@app/contracts';
import type { ReplyOf } from '@app/contracts';
import { OnEvent, OnRequest } from '@app/messaging';
import type { EventMsg, Msg } from '@app/messaging';
import { EndpointService } from '../endpoints/endpoint.service';
import { ReadModelRepository } from '../read-model/read-model.repository';
import { JournalRepository } from '../webhooks/journal.repository';
import { LogsService } from './logs.service';

const userOf = (msg: { userId: string | null }): string => {
  if (!msg.userId) {
    throw new DomainError('UNAUTHORIZED', 'Not authenticated. Please sign in.');
  }
  return msg.userId;
};

/** Trade logs, the webhook URL, and forgetting a deleted user. */
@Controller()
export class LogsController {
  constructor(
    private readonly logs: LogsService,
    private readonly endpoints: EndpointService,
    private readonly journal: JournalRepository,
    private readonly readModel: ReadModelRepository,
  ) {}

  @OnRequest(Topic.LogsList)
  list(@Payload() msg: Msg<Topic.LogsList>): Promise<ReplyOf<Topic.LogsList>> {
    return this.logs.list(userOf(msg), msg.payload.page, msg.payload.page_size, msg.payload.q);
  }

  @OnRequest(Topic.LogsGet)
  get(@Payload() msg: Msg<Topic.LogsGet>): Promise<ReplyOf<Topic.LogsGet>> {
    return this.logs.get(userOf(msg), msg.payload.id);
  }

  @OnRequest(Topic.WebhookEndpointGet)
  endpoint(@Payload() msg: Msg<Topic.WebhookEndpointGet>): Promise<{ url: string }> {
    return this.endpoints.urlOf(userOf(msg));
  }

  @OnRequest(Topic.WebhookEndpointRotate)
  rotate(@Payload() msg: Msg<Topic.WebhookEndpointRotate>): Promise<{ url: string }> {
    return this.endpoints.rotate(userOf(msg));
  }

  @OnEvent(Topic.UserDeleted)
  async onUserDeleted(@Payload() msg: EventMsg<Topic.UserDeleted>): Promise<void> {
    await this.journal.deleteUser(msg.payload.userId);
    await this.endpoints.deleteUser(msg.payload.userId);
    await this.readModel.deleteUser(msg.payload.userId);
  }
}
