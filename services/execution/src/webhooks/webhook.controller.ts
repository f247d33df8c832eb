import { Controller } from '@nestjs/common';
import { KafkaRetriableException, Payload } from '@nestjs/microservices';
import { Topic } from '@app/contracts';
import type { WebhookResultV1 } from '@app/contracts';
import { isDatabaseUnavailable } from '@app/database';
import { OnRequest } from '@app/messaging';
import type { Msg } from '@app/messaging';
import { WebhookService } from './webhook.service';

@Controller()
export class WebhookController {
  constructor(private readonly webhooks: WebhookService) {}

  /**
   * A webhook the gateway may already have answered 202: when the database is unreachable it is
   * neither answered nor committed, so Kafka delivers it again once the database is back (a
   * re-delivery of a journalled request is settled, never executed twice).
   */
  @OnRequest(Topic.WebhookReceived)
  async receive(@Payload() msg: Msg<Topic.WebhookReceived>): Promise<WebhookResultV1> {
    try {
      return await this.webhooks.receive(msg);
    } catch (err) {
      if (isDatabaseUnavailable(err)) {
        throw new KafkaRetriableException(
          `database unavailable; request ${msg.payload.requestId} will be delivered again`,
        );
      }
      throw err;
    }
  }
}
