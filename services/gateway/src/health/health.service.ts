import { Injectable } from '@nestjs/common';
import { HEALTH_TOPICS } from '@app/contracts';
import type { MessageContext } from '@app/contracts';
import { MessageBus } from '@app/messaging';

export interface ServiceStatus {
  status: 'ok' | 'degraded' | 'down';
  rttMs: number;
  checks?: Record<string, 'up' | 'down'>;
  error?: string;
}

export interface SystemHealth {
  status: 'ok' | 'degraded';
  services: Record<keyof typeof HEALTH_TOPICS, ServiceStatus>;
}

/** Asks every service, over whichever transport runs, how it is; measures each round trip. */
@Injectable()
export class HealthService {
  constructor(private readonly bus: MessageBus) {}

  async check(ctx: MessageContext, timeoutMs = 3000): Promise<SystemHealth> {
    const names = Object.keys(HEALTH_TOPICS) as (keyof typeof HEALTH_TOPICS)[];
    const statuses = await Promise.all(names.map((name) => this.ping(name, ctx, timeoutMs)));
    const services = Object.fromEntries(names.map((n, i) => [n, statuses[i]])) as SystemHealth['services'];
    const status = statuses.every((s) => s.status === 'ok') ? 'ok' : 'degraded';
    return { status, services };
  }

  private async ping(name: keyof typeof HEALTH_TOPICS, ctx: MessageContext, timeoutMs: number): Promise<ServiceStatus> {
    const started = performance.now();
    const reply = await this.bus.request(HEALTH_TOPICS[name], {}, ctx, { timeoutMs });
    const rttMs = Math.round((performance.now() - started) * 100) / 100;
    if (!reply.ok) {
      return { status: 'down', rttMs, error: reply.error.message };
    }
    return { status: reply.data.status, rttMs, checks: reply.data.checks };
  }
}
