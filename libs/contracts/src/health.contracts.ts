import { z } from 'zod';
import { request } from './contract';
import { Topic } from './topics';

export const ServiceHealthV1 = z.object({
  service: z.string(),
  status: z.enum(['ok', 'degraded']),
  checks: z.record(z.string(), z.enum(['up', 'down'])),
  uptimeSeconds: z.number(),
});
export type ServiceHealthV1 = z.infer<typeof ServiceHealthV1>;

const ping = z.object({}).strict();

export const healthContracts = {
  [Topic.AuthHealth]: request({ owner: 'auth', version: 1, request: ping, reply: ServiceHealthV1 }),
  [Topic.ConnectionsHealth]: request({ owner: 'connections', version: 1, request: ping, reply: ServiceHealthV1 }),
  [Topic.TradingHealth]: request({ owner: 'trading', version: 1, request: ping, reply: ServiceHealthV1 }),
  [Topic.ExecutionHealth]: request({ owner: 'execution', version: 1, request: ping, reply: ServiceHealthV1 }),
} as const;

/** The health topic each service answers. */
export const HEALTH_TOPICS = {
  auth: Topic.AuthHealth,
  connections: Topic.ConnectionsHealth,
  trading: Topic.TradingHealth,
  execution: Topic.ExecutionHealth,
} as const;
