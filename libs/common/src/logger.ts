import type { LoggerService } from '@nestjs/common';
import pino from 'pino';
import { requestContext } from './request-context';

/** Keys whose values never reach a log line, wherever they sit in the object (one level of nesting below). */
export const REDACTED_KEYS = [
  'password',
  'new_password',
  'newPassword',
  'sec',
  'secret',
  'clientSecret',
  'client_secret',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'mdAccessToken',
  'authorization',
  'Authorization',
  'cookie',
  'reset_token',
  'resetToken',
  'webhookSecret',
  'code',
];

const redactPaths = REDACTED_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]);

export interface LoggerOptions {
  level: string;
  pretty?: boolean;
  service: string;
}

/** The process's root pino logger: JSON lines, secrets redacted by key, request id on every line. */
export function createRootLogger(opts: LoggerOptions): pino.Logger {
  return pino({
    level: opts.level,
    base: { service: opts.service },
    redact: { paths: redactPaths, censor: '[redacted]' },
    mixin() {
      const ctx = requestContext.get();
      return ctx ? { requestId: ctx.requestId } : {};
    },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}

/** Nest's LoggerService over pino; the context (class name) becomes a field. */
export class AppLogger implements LoggerService {
  constructor(private readonly root: pino.Logger) {}

  child(context: string): pino.Logger {
    return this.root.child({ context });
  }

  log(message: unknown, context?: string): void {
    this.write('info', message, context);
  }
  error(message: unknown, stackOrContext?: string, context?: string): void {
    const ctx = context ?? stackOrContext;
    const stack = context ? stackOrContext : undefined;
    this.write('error', message, ctx, stack ? { stack } : undefined);
  }
  warn(message: unknown, context?: string): void {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string): void {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string): void {
    this.write('trace', message, context);
  }
  fatal(message: unknown, context?: string): void {
    this.write('fatal', message, context);
  }

  private write(level: pino.Level, message: unknown, context?: string, extra?: object): void {
    const fields = { ...(context ? { context } : {}), ...extra };
    if (message instanceof Error) {
      this.root[level]({ ...fields, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.root[level]({ ...fields, ...message });
    } else {
      this.root[level](fields, String(message));
    }
  }
}
