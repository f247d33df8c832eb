import { z } from 'zod';

/**
 * The auth service's own variables (logging, Kafka and the database come from the host). JWT_SECRET
 * and PUBLIC_URL are shared with the gateway: same name, same schema (standalone merges the shapes).
 */
export const authSettings = {
  /** Signs access tokens (HS256); the gateway verifies them with the same secret. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /** Access token lifetime in seconds. */
  JWT_EXPIRES_IN: z.coerce.number().int().min(60).max(31_536_000).default(86_400),
  /** The first administrator, created or updated at start (both must be set to be applied). */
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
  /** smtp://user:pass@host:port (or smtps://); when unset no mail is sent (approval notices, password resets). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'expected an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('QuantLynk <no-reply@localhost>'),
  /**
   * Without a mail server, answer a password reset request with the reset token itself (a local trial only:
   * whoever knows an e-mail address could then take over its account). Off by default; ignored with SMTP_URL.
   */
  RESET_TOKEN_IN_REPLY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** The address users reach the product at; links in mails are built on it. */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
} satisfies z.ZodRawShape;

export type AuthConfig = z.output<z.ZodObject<typeof authSettings>>;
