import { Controller, Get, Header, HttpCode, HttpException, HttpStatus } from '@nestjs/common';
import { register } from 'prom-client';
import { DataSource } from 'typeorm';
import { readiness } from './readiness';

/** Kubernetes probes and Prometheus metrics of a service running alone. */
@Controller()
export class ProbesController {
  constructor(private readonly dataSource: DataSource) {}

  @Get('healthz')
  @HttpCode(200)
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  async ready(): Promise<{ status: 'ready'; checks: Record<string, 'up' | 'down'> }> {
    const database = await this.dataSource.query('SELECT 1').then(
      () => 'up' as const,
      () => 'down' as const,
    );
    const reachable = readiness.transportUp && (await (readiness.brokerReachable?.() ?? Promise.resolve(true)));
    const checks = { database, transport: reachable ? ('up' as const) : ('down' as const) };
    if (database === 'down' || checks.transport === 'down' || readiness.shuttingDown) {
      throw new HttpException({ status: 'not-ready', checks }, HttpStatus.SERVICE_UNAVAILABLE);
    }
    return { status: 'ready', checks };
  }

  @Get('metrics')
  @Header('Content-Type', register.contentType)
  metrics(): Promise<string> {
    return register.metrics();
  }
}
