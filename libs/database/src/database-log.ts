import { Logger } from '@nestjs/common';
import type { Logger as TypeOrmLogger } from 'typeorm';

/** Postgres' SQLSTATE for a unique index refusing a row (`unique_violation`). */
const UNIQUE_VIOLATION = '23505';

/**
 * TypeORM's messages in the service's own log (JSON lines, redacted like every other), never with a statement's
 * parameters: they hold users' data and sealed secrets, and the statement's text is enough to find its caller.
 * TypeORM's own console logger printed a failed statement whole, parameters included, as plain text.
 *
 * A unique index refusing a row is at debug: the journal's exactly-once indexes refuse rows by design (a request sent
 * again, a second write of the same clOrdIds), and the caller, which expects it, decides what it means; its error
 * still reaches the caller. Any other failed statement is a warning.
 */
export class DatabaseLog implements TypeOrmLogger {
  private readonly logger = new Logger('Database');

  logQuery(_query: string, _parameters?: unknown[]): void {}

  /** `_parameters` are left out on purpose (above). */
  logQueryError(error: string | Error, query: string, _parameters?: unknown[]): void {
    const { message, code, constraint } =
      typeof error === 'string'
        ? { message: error, code: undefined, constraint: undefined }
        : (error as Error & { code?: string; constraint?: string });
    const fields = { code, constraint, statement: statementOf(query), error: message };
    if (code === UNIQUE_VIOLATION) {
      this.logger.debug(fields, 'statement refused by a unique index');
    } else {
      this.logger.warn(fields, 'statement failed');
    }
  }

  logQuerySlow(time: number, query: string, _parameters?: unknown[]): void {
    this.logger.warn({ ms: time, statement: statementOf(query) }, 'slow statement');
  }

  logSchemaBuild(): void {}

  /** Each start's "N migrations are already loaded" and the like: at debug, as TypeORM kept them to itself before. */
  logMigration(message: string): void {
    this.logger.debug(message);
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') {
      this.logger.warn(String(message));
    } else {
      this.logger.debug(String(message));
    }
  }
}

/** The statement's text on one line, cut short: enough to tell which one it was. */
const statementOf = (query: string): string => {
  const text = query.replace(/\s+/g, ' ').trim();
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
};
