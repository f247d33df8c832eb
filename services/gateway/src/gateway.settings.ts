import { csv, port } from '@app/common';
import { z } from 'zod';
import { authRateLimitSettings } from './auth-api/rate-limit.settings';

/** The gateway's own variables. */
export const gatewaySettings = {
  PORT: port(3000),
  /** Verifies bearer tokens (HS256); the auth service signs them with the same secret. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
  HOST: z.string().default('0.0.0.0'),
  /** The address users reach the product at; webhook and OAuth URLs are built on it. */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  /** Origins allowed to call the API from a browser (the product's own origin is always allowed). */
  CORS_ORIGINS: csv().default([]),
  /** The built web client; when absent only the API is served. */
  WEB_DIST_DIR: z.string().default('web/dist'),
  /** Behind a load balancer: trust X-Forwarded-For for client addresses (rate limits). */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** How long a webhook waits for its orders before answering 202 (TradingView gives up at 3 s). */
  WEBHOOK_REPLY_TIMEOUT_MS: z.coerce.number().int().min(100).max(2900).default(2500),
  /**
   * How long an idle keep-alive connection stays open. Longer than the idle timeout of the load balancers in
   * front of the gateway (60 s on most), so that the gateway never closes a connection a balancer is about to
   * reuse (the balancer would answer that request 502); Node's own default is 5 s.
   */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(65_000),
  ...authRateLimitSettings,
};

export type GatewayConfig = z.output<z.ZodObject<typeof gatewaySettings>>;
