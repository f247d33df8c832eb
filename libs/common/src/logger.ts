import type { LoggerService } from '@nestjs/common';
import pino from 'pino';

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

/**
 * The process's root pino logger: JSON lines, secrets redacted by key. A line written for a request carries its
 * `requestId` as a field, given by the call site: the id travels explicitly (the HTTP request's `id`, a message's
 * `correlationId`), not in an AsyncLocalStorage, whose promise hooks cost every promise of the process (7 % of the
 * standalone main thread, docs/performance.md).
 */
export function createRootLogger(opts: LoggerOptions, destination?: pino.DestinationStream): pino.Logger {
  const options: pino.LoggerOptions = {
    level: opts.level,
    base: { service: opts.service },
    redact: { paths: redactPaths, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * Nest's LoggerService over pino. Nest's `Logger` calls it as `(message, ...params, context)`, the context (the
 * class name) last when the logger has one; the product's call sites write pino-style `(fields, 'what happened')`
 * and Nest's exception handler `(text, stack)`. The context and a stack become fields, the text the line's `msg`.
 */
export class AppLogger implements LoggerService {
  constructor(private readonly root: pino.Logger) {}

  child(context: string): pino.Logger {
    return this.root.child({ context });
  }

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: pino.Level, message: unknown, params: unknown[]): void {
    const { context, text, stack } = readParams(params);
    const fields = { ...(context ? { context } : {}), ...(stack ? { stack } : {}) };
    if (message instanceof Error) {
      this.root[level]({ ...fields, err: message }, text ?? message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.root[level]({ ...fields, ...message }, text);
    } else {
      this.root[level](fields, text ? `${String(message)} ${text}` : String(message));
    }
  }
}

/** V8's stack: the message, then a line `    at …` per frame. */
const isStack = (s: string): boolean => s.includes('\n    at ');

/**
 * What follows the message: a stack wherever it is, then the context (the last other string) and, before it,
 * the text of a pino-style call. One string alone is the context, as Nest reads it.
 */
function readParams(params: unknown[]): { context?: string; text?: string; stack?: string } {
  const strings = params.filter((p): p is string => typeof p === 'string' && p !== '');
  const stack = strings.find(isStack);
  const rest = strings.filter((p) => p !== stack);
  return { stack, context: rest.at(-1), text: rest.length > 1 ? rest.slice(0, -1).join(' ') : undefined };
}
