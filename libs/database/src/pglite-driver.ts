import { EventEmitter } from 'node:events';
import type { EmbeddedResult, SqlSession } from './embedded-database';

/**
 * A node-postgres-shaped driver over the embedded PGlite session, handed to TypeORM as `driver`.
 *
 * PGlite is one database session. Services in the standalone process each get a "pool", but all
 * pools share one lock: a client holds the session from `connect` until `release`, so a transaction
 * on one service can never see or swallow another's statements (TOOLCHAIN.md: a shared session
 * leaks transactions and SET otherwise).
 */
class SessionLock {
  private tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const acquired = this.tail.then(() => release);
    this.tail = this.tail.then(() => held);
    return acquired;
  }
}

interface PgLikeResult {
  rows: unknown[];
  rowCount: number;
  command: string;
  fields: { name: string }[];
}

const commandOf = (sql: string): string => /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? '';

const toPgResult = (sql: string, r: EmbeddedResult): PgLikeResult => ({
  rows: r.rows,
  rowCount: r.affectedRows ?? r.rows.length,
  command: commandOf(sql),
  fields: r.fields,
});

class PgliteClient extends EventEmitter {
  constructor(private readonly db: SqlSession) {
    super();
  }

  async query(sql: string | { text: string; values?: unknown[] }, params?: unknown[]): Promise<PgLikeResult> {
    const text = typeof sql === 'string' ? sql : sql.text;
    const values = typeof sql === 'string' ? params : sql.values;
    if (values && values.length > 0) {
      return toPgResult(text, await this.db.query(text, values));
    }
    // No parameters: allow several statements (migrations), answer with the last result.
    return toPgResult(text, (await this.db.exec(text)) ?? { rows: [], fields: [], affectedRows: 0 });
  }
}

type ConnectCallback = (err: Error | undefined, client: PgliteClient, release: () => void) => void;

export function createPgliteDriver(db: SqlSession) {
  const lock = new SessionLock();

  class Pool extends EventEmitter {
    private ended = false;

    connect(cb?: ConnectCallback): Promise<PgliteClient & { release: () => void }> | void {
      const p = lock.acquire().then((unlock) => {
        let released = false;
        const client = Object.assign(new PgliteClient(db), {
          release: () => {
            if (!released) {
              released = true;
              unlock();
            }
          },
        });
        return client;
      });
      if (!cb) {
        return p;
      }
      p.then(
        (client) => cb(undefined, client, client.release),
        (err: Error) => cb(err, undefined as never, () => undefined),
      );
    }

    async query(sql: string, params?: unknown[]): Promise<PgLikeResult> {
      const client = (await this.connect()) as PgliteClient & { release: () => void };
      try {
        return await client.query(sql, params);
      } finally {
        client.release();
      }
    }

    end(cb?: (err?: Error) => void): Promise<void> | void {
      this.ended = true;
      if (cb) {
        cb();
        return;
      }
      return Promise.resolve();
    }

    get isEnded(): boolean {
      return this.ended;
    }
  }

  return { Pool, defaults: {} };
}

export type PgliteDriver = ReturnType<typeof createPgliteDriver>;
