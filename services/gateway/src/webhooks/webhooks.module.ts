import { Module } from '@nestjs/common';
import { WebhookIntake } from './webhook-intake.service';
import { WebhooksController } from './webhooks.controller';

@Module({ controllers: [WebhooksController], providers: [WebhookIntake], exports: [WebhookIntake] })
export class WebhooksModule {}
