import { bool } from '@app/common';
import { z } from 'zod';

/**
 * The connections service's own variables (logging, Kafka and the database come from the host).
 * The TRADOVATE_* names are shared with the execution service and mean the same there.
 */
export const connectionsSettings = {
  /** AES-256-GCM key (base64 of 32 bytes) sealing broker passwords, API secrets and tokens; standalone generates it. */
  ENCRYPTION_KEY: z.string().refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64-encoded'),
  /** The address users reach the product at; the OAuth redirect URI is built on it. */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  TRADOVATE_DEMO_URL: z.url().default('https://demo.tradovateapi.com/v1'),
  TRADOVATE_LIVE_URL: z.url().default('https://live.tradovateapi.com/v1'),
  /** The provider's consent page the browser is sent to. */
  TRADOVATE_OAUTH_URL: z.url().default('https://trader.tradovate.com/oauth'),
  TRADOVATE_OAUTH_TOKEN_URL: z.url().default('https://live.tradovateapi.com/auth/oauthtoken'),
  TRADOVATE_CLIENT_ID: z.string().default(''),
  TRADOVATE_CLIENT_SECRET: z.string().default(''),
  /** Per HTTP attempt to Tradovate. */
  TRADOVATE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** The broker is the bundled simulator (standalone's default): connections are marked `sandbox`. */
  TRADOVATE_SANDBOX: bool(false),
} satisfies z.ZodRawShape;

export type ConnectionsConfig = z.output<z.ZodObject<typeof connectionsSettings>>;
