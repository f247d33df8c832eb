import { Controller } from '@nestjs/common';
import type { Type } from '@nestjs/common';
import type { RequestTopic, ServiceHealthV1 } from '@app/contracts';
import { DataSource } from 'typeorm';
import { OnRequest } from './handlers';

const startedAt = Date.now();

/** Builds the controller that answers a service's health topic: its database is checked on every ping. */
export function createHealthController(service: string, topic: RequestTopic): Type<unknown> {
  @Controller()
  class HealthController {
    constructor(private readonly dataSource: DataSource) {}

    @OnRequest(topic)
    async ping(): Promise<ServiceHealthV1> {
      const database = await this.dataSource.query('SELECT 1').then(
        () => 'up' as const,
        () => 'down' as const,
      );
      return {
        service,
        status: database === 'up' ? 'ok' : 'degraded',
        checks: { database },
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      };
    }
  }
  return HealthController;
}
