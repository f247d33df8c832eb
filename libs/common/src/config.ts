import { z } from 'zod';

/** A variable that is missing or malformed: the process stops and names it. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the environment once, at start, into a typed config (STYLE.md: services never read
 * process.env). Keys of the schema are the variable names, so an error names the variable.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  return result.data;
}

/** Comma-separated list variable. */
export const csv = () =>
  z.string().transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );

export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

export const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .transform((v) => v === 'true' || v === '1' || v === 'yes')
    .default(fallback);

/** Variables every process reads. */
export const baseConfigShape = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Pretty, human-readable logs instead of JSON lines. */
  LOG_PRETTY: bool(false),
};

/** Variables of a process that talks Kafka. */
export const kafkaConfigShape = {
  KAFKA_BROKERS: csv().pipe(z.array(z.string().regex(/^[^:]+:\d+$/, 'expected host:port')).min(1)),
  /** How long a fetch waits for data. Real Kafka wakes it on new data; the test mock does not. */
  KAFKA_MAX_WAIT_MS: z.coerce.number().int().min(1).max(10000).default(100),
  KAFKA_SESSION_TIMEOUT_MS: z.coerce.number().int().min(3000).default(10000),
  KAFKA_HEARTBEAT_MS: z.coerce.number().int().min(100).default(1000),
  /** How long a request waits for its reply before it counts as failed. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(10000),
};

/** Variables of a process that owns tables. */
export const databaseConfigShape = {
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'expected a postgres:// URL'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
};
