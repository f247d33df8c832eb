import { Controller, Get, HttpException, HttpStatus } from '@nestjs/common';
import type { MessageContext } from '@app/contracts';
import { MsgCtx } from '../http/msg-context.decorator';
import { HealthService } from './health.service';
import type { SystemHealth } from './health.service';

@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** Every service's status and round-trip time. */
  @Get('api/health')
  check(@MsgCtx() ctx: MessageContext): Promise<SystemHealth> {
    return this.health.check(ctx);
  }

  /** Liveness: the process answers. */
  @Get('healthz')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: the transport works and every service reaches its database. */
  @Get('readyz')
  async ready(@MsgCtx() ctx: MessageContext): Promise<SystemHealth> {
    const health = await this.health.check(ctx, 2000);
    if (health.status !== 'ok') {
      throw new HttpException(health, HttpStatus.SERVICE_UNAVAILABLE);
    }
    return health;
  }
}
