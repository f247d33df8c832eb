import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Topic } from '@app/contracts';
import type { WebhookResultV1 } from '@app/contracts';
import { OnRequest } from '@app/messaging';
import type { Msg } from '@app/messaging';
import { WebhookService } from './webhook.service';

@Controller()
export class WebhookController {
  constructor(private readonly webhooks: WebhookService) {}

  @OnRequest(Topic.WebhookReceived)
  receive(@Payload() msg: Msg<Topic.WebhookReceived>): Promise<WebhookResultV1> {
    return this.webhooks.receive(msg);
  }
}
