import { z } from 'zod';

/**
 * The execution service's own variables (logging, Kafka and the database come from the host).
 * ENCRYPTION_KEY, PUBLIC_URL and TRADOVATE_* are shared with other services: standalone mode merges
 * every settings shape, so these keep the same names and schemas as connections.settings.ts.
 */
export const executionSettings = {
  /** AES-256-GCM key (base64, 32 bytes) for broker tokens and webhook secrets; generated in standalone mode. */
  ENCRYPTION_KEY: z.string().min(1),
  /** The address users reach the product at; webhook URLs are built on it. */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  TRADOVATE_DEMO_URL: z.url().default('https://demo.tradovateapi.com/v1'),
  TRADOVATE_LIVE_URL: z.url().default('https://live.tradovateapi.com/v1'),
  /** Per HTTP attempt to Tradovate. */
  TRADOVATE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(5000),
  /** Webhooks accepted per user per minute. */
  WEBHOOK_RATE_LIMIT_PER_MIN: z.coerce.number().int().min(1).default(60),
  /** A repeat of the same signal (alert + body) within this window places nothing. */
  WEBHOOK_DEDUP_WINDOW_MS: z.coerce.number().int().min(0).default(10000),
  /**
   * How long an instance's claim on an unfinished webhook lasts without renewal (renewed every third
   * of it while the fan-out runs): after a crash, another instance takes the webhook over this late.
   */
  WEBHOOK_CLAIM_TTL_MS: z.coerce.number().int().min(500).default(10000),
  /** Trade-log entries older than this many days are removed (hourly); unset, the trade log is kept whole. */
  TRADE_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).optional(),
} satisfies z.ZodRawShape;

export type ExecutionConfig = z.output<z.ZodObject<typeof executionSettings>>;
