import { EventEmitter } from 'node:events';
import type { EmbeddedResult, SqlSession } from './embedded-database';

/**
 * A node-postgres-shaped driver over the embedded PGlite session, handed to TypeORM as `driver`.
 *
 * PGlite is one database session, and the worker runs statements one after another in the order they were
 * sent. A statement outside a transaction is sent at once, without waiting for the answers of statements
 * already in flight: the worker's queue keeps it in order, and the session never waits idle for the main
 * thread to answer one statement before it is given the next (docs/performance.md). A transaction holds the
 * session: from its BEGIN until its COMMIT or ROLLBACK has been answered (or its client is released), other
 * clients' statements wait, so a transaction never sees or swallows another client's statements
 * (TOOLCHAIN.md: a shared session leaks transactions and SET otherwise).
 */
class SessionGate {
  /** The client whose transaction holds the session. */
  private holder: object | null = null;
  private readonly waiting: Array<() => void> = [];

  admits(client: object): boolean {
    return this.holder === null || this.holder === client;
  }

  /** Resolves when the holder leaves (check `admits` again: another client may have taken it since). */
  opened(): Promise<void> {
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  hold(client: object): void {
    this.holder = client;
  }

  /** Ends `client`'s hold, if it has one; waiting statements go out in the order they came. */
  leave(client: object): void {
    if (this.holder === client) {
      this.holder = null;
      for (const wake of this.waiting.splice(0)) {
        wake();
      }
    }
  }
}

interface PgLikeResult {
  rows: unknown[];
  rowCount: number;
  command: string;
  fields: { name: string }[];
}

const commandOf = (sql: string): string => /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? '';
const OPENS = new Set(['BEGIN', 'START']);
/** COMMIT, END, ABORT, and ROLLBACK but not ROLLBACK TO SAVEPOINT. */
const closesTransaction = (sql: string, command: string): boolean =>
  command === 'COMMIT' ||
  command === 'END' ||
  command === 'ABORT' ||
  (command === 'ROLLBACK' && !/^\s*ROLLBACK\s+(WORK\s+|TRANSACTION\s+)?TO\b/i.test(sql));

const toPgResult = (command: string, r: EmbeddedResult): PgLikeResult => ({
  rows: r.rows,
  rowCount: r.affectedRows ?? r.rows.length,
  command,
  fields: r.fields,
});

class PgliteClient extends EventEmitter {
  constructor(
    private readonly db: SqlSession,
    private readonly gate: SessionGate,
  ) {
    super();
  }

  async query(sql: string | { text: string; values?: unknown[] }, params?: unknown[]): Promise<PgLikeResult> {
    const text = typeof sql === 'string' ? sql : sql.text;
    const values = typeof sql === 'string' ? params : sql.values;
    const command = commandOf(text);
    while (!this.gate.admits(this)) {
      await this.gate.opened();
    }
    // From here to the send, nothing yields: no other client's statement can come between the check and it.
    if (OPENS.has(command)) {
      this.gate.hold(this);
    }
    // No parameters: allow several statements (migrations), answer with the last result.
    const answer = values && values.length > 0 ? this.db.query(text, values) : this.db.exec(text);
    try {
      return toPgResult(command, (await answer) ?? { rows: [], fields: [], affectedRows: 0 });
    } finally {
      if (closesTransaction(text, command)) {
        this.gate.leave(this);
      }
    }
  }

  release(): void {
    this.gate.leave(this);
  }
}

type ConnectCallback = (err: Error | undefined, client: PgliteClient, release: () => void) => void;

export function createPgliteDriver(db: SqlSession) {
  const gate = new SessionGate();

  class Pool extends EventEmitter {
    private ended = false;

    /** A client at once: it waits only when it sends a statement while another client's transaction is open. */
    connect(cb?: ConnectCallback): Promise<PgliteClient> | void {
      const client = new PgliteClient(db, gate);
      if (!cb) {
        return Promise.resolve(client);
      }
      cb(undefined, client, () => client.release());
    }

    async query(sql: string, params?: unknown[]): Promise<PgLikeResult> {
      const client = new PgliteClient(db, gate);
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
